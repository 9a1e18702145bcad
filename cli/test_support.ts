// Shared test helpers for the CLI: an in-memory Io and a runner of the real CLI.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { InputError, type Io } from "./io.ts";

/** An Io over in-memory files that records what the command prints (stderr lines prefixed ERR). */
export function fakeIo(files: Record<string, string> = {}): Io & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    readText: (p) => {
      if (!(p in files)) throw new InputError(`${p}: no such file`);
      return files[p];
    },
    writeText: (p, t) => {
      files[p] = t;
    },
    out: (t) => lines.push(t),
    err: (t) => lines.push(`ERR ${t}`),
  };
}

/** An Io over the real file system that records what the command prints (stderr lines prefixed ERR). */
export function fileIo(): Io & { lines: string[] } {
  return { ...fakeIo(), readText: (p) => readFileSync(p, "utf8"), writeText: (p, t) => writeFileSync(p, t) };
}

const root = fileURLToPath(new URL("..", import.meta.url));
const deno = join(root, "node_modules", ".bin", "deno");

/** Runs `mech ARGS…` under Deno with the CLI's own permissions, without colours. */
export function runMech(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(deno, ["run", "--allow-read", "--allow-env=NO_COLOR,FORCE_COLOR,NODE_DISABLE_COLORS,COLUMNS", "cli/main.ts", ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
