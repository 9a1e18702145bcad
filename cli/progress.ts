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

/**
 * A progress bar made on the first event, when the total is known, and finished like one
 * made at the start (a terminal's status line is cleared even when nothing was shown).
 */
export function lazyProgress(io: Io, label: string): { update(done: number, total: number, detail: string): void; finish(): void } {
  let bar: Progress | undefined;
  return {
    update(done, total, detail) {
      bar ??= progress(io, label, total);
      bar.update(done, detail);
    },
    finish: () => (bar ? bar.finish() : io.status?.(null)),
  };
}
