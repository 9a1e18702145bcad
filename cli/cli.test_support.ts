// Shared test helpers for the CLI: an in-memory Io and a runner of the real CLI.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
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

/** The permissions of `deno task mech` (commands that write files and call endpoints). */
export const MECH_TASK_PERMISSIONS = ["--allow-read", "--allow-write", "--allow-net", "--allow-env"];

/**
 * Starts `mech ARGS…` under Deno without waiting (for tests that serve the child over loopback
 * from this process, or kill it); `done` resolves with its exit code and output. The
 * permissions default to those of `deno task mech`.
 */
export function spawnMech(args: string[], env: Record<string, string> = {}, permissions: readonly string[] = MECH_TASK_PERMISSIONS): { child: ChildProcess; done: Promise<{ code: number | null; signal: string | null; out: string; err: string }>; stdout: () => string } {
  const child = spawn(deno, ["run", ...permissions, "cli/main.ts", ...args], { cwd: root, env: { ...process.env, NO_COLOR: "1", ...env } });
  let out = "", err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const done = new Promise<{ code: number | null; signal: string | null; out: string; err: string }>((resolve) => child.on("close", (code, signal) => resolve({ code, signal, out, err })));
  return { child, done, stdout: () => out };
}
