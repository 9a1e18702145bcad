// Which benchmark a run directory belongs to, read off its files: run.json makes a
// MechReasoner run (mech eval, evaluate); transcripts (*.jsonl) without it a PhysMent run
// (mech physment run, runPhysment). Also the page both viewers return.
import { Buffer } from "node:buffer";
import { closeSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { RUN_FILE } from "../eval/run_store.ts";
import { fsReason } from "../files/fs_reason.ts";
import { RunError } from "../files/errors.ts";
import type { ViewerData } from "../report/viewer.ts";
import { viewerPage } from "../report/viewer.ts";

/** Which benchmark's run a directory holds. */
export type RunKind = "mechreasoner" | "physment";

/**
 * Which benchmark's run a directory holds, by its files.
 *
 * @param dir A run directory.
 * @returns "mechreasoner" when it holds run.json, "physment" when it holds transcripts (*.jsonl) and no run.json.
 * @throws {RunError} When it is neither, is not a directory or cannot be read.
 *
 * @example
 * ```ts
 * import { runKind } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/7__reference__b5__zero-shot__function.jsonl`, '{"type":"header","version":1}\n');
 * assert.equal(runKind(dir), "physment");
 * assert.throws(() => runKind(`${dir}/nothing`), /no such directory/);
 * ```
 */
export function runKind(dir: string): RunKind {
  let names: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new RunError(`${dir}: not a directory; the viewer reads run directories`);
    names = readdirSync(dir);
  } catch (e) {
    if (e instanceof RunError) throw e;
    throw new RunError(`${dir}: ${(e as { code?: string }).code === "ENOENT" ? "no such directory" : fsReason(e)}`);
  }
  if (names.includes(RUN_FILE)) return "mechreasoner";
  if (names.some((n) => n.endsWith(".jsonl") && startsTranscript(join(dir, n)))) return "physment";
  if (names.includes("manifest.json")) throw new RunError(`${dir}: a benchmark directory (mech generate), not a run; view the runs made on it (mech eval --out DIR)`);
  throw new RunError(`${dir}: neither a MechReasoner run directory (no ${RUN_FILE}, which mech eval writes) nor a PhysMent run directory (no transcript *.jsonl starting with its header, which mech physment run writes)`);
}

/** Whether a file starts as a transcript does: its first record is a header. */
function startsTranscript(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const head = Buffer.alloc(64);
    const n = readSync(fd, head, 0, head.length, 0);
    return /^\{\s*"type"\s*:\s*"header"/.test(head.subarray(0, n).toString("utf8"));
  } catch {
    return false; // unreadable: not evidence of a transcript (the reader says why if it is one)
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A page of the run viewer. */
export interface RunView {
  /** The page: one self-contained HTML file (its script and data inside; it loads nothing). */
  html: string;
  /** Rows of its list (MechReasoner: items × runs × samples; PhysMent: episodes). */
  rows: number;
  /** Rows marked because their record is unfinished or could not be scored. */
  marked: number;
  /** What reading the runs found (also shown at the top of the page). */
  warnings: string[];
}

/** The page and its counts from the viewer's data. */
export function runView(data: ViewerData): RunView {
  return { html: viewerPage(data), rows: data.rows.length, marked: data.rows.filter((r) => r.mark).length, warnings: data.problems };
}
