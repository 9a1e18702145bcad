// One writer per output directory: `mech eval`'s run directories and `mech physment
// run`'s transcript directories take the same lock.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import process from "node:process";
import { join } from "node:path";
import { z } from "zod";
import { RunError } from "./errors.ts";
import { fsReason } from "./fs_reason.ts";

export const LOCK_FILE = ".lock";

const LockInfo = z.object({ pid: z.int(), heartbeat: z.number() });

/** How often a running process refreshes its lock, and after how long without a refresh a lock is stale. */
export const LOCK_HEARTBEAT_MS = 1_000;
export const LOCK_STALE_MS = 5_000;

const readLock = (path: string): z.infer<typeof LockInfo> | null => {
  try {
    const r = LockInfo.safeParse(JSON.parse(readFileSync(path, "utf8")));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes `dir`'s lock (the directory must exist) and returns its release. The lock file's
 * holder refreshes it every second. Another process finding it waits while it is fresh:
 * a refresh proves its holder alive (refused with a RunError naming it); five seconds of
 * silence prove it gone (killed, crashed), and the lock is taken over. File access alone
 * decides, so this works under Deno's permissions, on any system.
 */
export async function lockDirectory(dir: string, sleep: (ms: number) => Promise<void> = defaultSleep): Promise<() => void> {
  const path = join(dir, LOCK_FILE);
  const stamp = () => JSON.stringify({ pid: process.pid, heartbeat: Date.now() });
  for (let tries = 0; tries < 3; tries++) {
    try {
      writeFileSync(path, stamp(), { flag: "wx" });
      const timer = setInterval(() => {
        try {
          writeFileSync(path, stamp());
        } catch {
          // a missed refresh only makes the lock look stale sooner
        }
      }, LOCK_HEARTBEAT_MS);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        clearInterval(timer);
        try {
          rmSync(path, { force: true });
        } catch {
          // an unremovable lock goes stale and the next run takes it over
        }
      };
    } catch (e) {
      if ((e as { code?: string }).code !== "EEXIST") throw new RunError(`${path}: ${fsReason(e)}`);
    }
    const first = readLock(path);
    if (first && first.pid !== process.pid) {
      for (let waited = 0; Date.now() - first.heartbeat < LOCK_STALE_MS && waited < 2 * LOCK_STALE_MS; waited += 250) {
        await sleep(250);
        const now = readLock(path);
        if (now === null) break;
        if (now.heartbeat !== first.heartbeat) {
          throw new RunError(`${dir} is in use by process ${now.pid}; wait for it to finish (or stop it) before running again`);
        }
      }
    }
    rmSync(path, { force: true });
  }
  throw new RunError(`${path}: could not take the lock`);
}
