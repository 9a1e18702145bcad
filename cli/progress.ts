// Progress of a long command: a bar on a terminal, plain lines elsewhere (logs, CI).
import type { Io } from "./io.ts";

export interface Progress {
  update(done: number, detail: string): void;
  finish(): void;
}

export function progress(io: Io, label: string, total: number, width = 30): Progress {
  if (!io.status) {
    return { update: (done, detail) => io.err(`[${done}/${total}] ${detail}`), finish: () => {} };
  }
  const status = io.status.bind(io);
  return {
    update(done, detail) {
      const filled = total ? Math.round((width * done) / total) : width;
      status(`${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${detail}`);
    },
    finish: () => status(null),
  };
}
