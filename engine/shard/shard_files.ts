// The files of shard directories and merges: a shard's header (shard.json) and other JSON
// files read and checked, the header written, and a merge's output directory required empty.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { jsonPath } from "../files/json_path.ts";
import { fsReason } from "../files/fs_reason.ts";
import { writeAtomically } from "../files/atomic_write.ts";
import { ShardError } from "./shard.ts";

/** The header of a generation or PhysMent shard directory: which shard of which run it holds. */
export const SHARD_FILE = "shard.json";

/** A directory's shard header, checked against `schema`, or null when it has none. */
export function readShardHeader<T>(dir: string, schema: z.ZodType<T>): T | null {
  const path = join(dir, SHARD_FILE);
  return existsSync(path) ? readShardJson(path, schema) : null;
}

/** Writes a directory's shard header (atomically: a killed shard leaves the old one or the new one). */
export function writeShardHeader(dir: string, header: unknown): void {
  writeAtomically(dir, SHARD_FILE, JSON.stringify(header, null, 2) + "\n");
}

/** Refuses a merge's --out that exists and holds anything (a merge never overwrites). */
export function requireEmptyOut(out: string): void {
  let entries: string[] = [];
  try {
    if (existsSync(out)) {
      if (!statSync(out).isDirectory()) throw new ShardError(`--out ${out}: exists and is not a directory`);
      entries = readdirSync(out);
    }
  } catch (e) {
    if (e instanceof ShardError) throw e;
    throw new ShardError(`--out ${out}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (entries.length) throw new ShardError(`--out ${out}: is not empty (${entries.length} entr${entries.length === 1 ? "y" : "ies"}); a merge writes into a new or empty directory`);
}

/** A shard directory's JSON file, checked: errors name the file and the JSON path. */
export function readShardJson<T>(path: string, schema: z.ZodType<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new ShardError(`${path}: ${e instanceof SyntaxError ? `not valid JSON (${e.message})` : fsReason(e)}`);
  }
  const r = schema.safeParse(data);
  if (!r.success) throw new ShardError(`${path}: at ${jsonPath(r.error.issues[0].path)}: ${r.error.issues[0].message}`);
  return r.data;
}
