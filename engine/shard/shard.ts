// Sharded runs: each unit of work (a generation pool, an eval task, a PhysMent episode) goes
// to the shard a hash of its stable id picks, so a unit's shard depends on its id and N
// alone, never on which other units exist, and N processes can run without talking.
// Pure (no file system): the eval items and run records import it; the shard
// directories' files are read in shard_files.ts.
import { z } from "zod";
import { sha256 } from "../files/sha256.ts";
import { StoreError } from "../files/errors.ts";

/** Shard I of N, I from 1. */
export const Shard: z.ZodObject<{ index: z.ZodInt; count: z.ZodInt }, z.core.$strict> = z.object({ index: z.int().min(1), count: z.int().min(1) }).strict()
  .refine((s) => s.index <= s.count, "the shard index is at most the shard count");
/** Shard I of N, I from 1. */
export type Shard = z.infer<typeof Shard>;

/**
 * A problem with shard directories (a missing, duplicate or disagreeing shard); exit 2 like any store error.
 *
 * @example
 * ```ts
 * import { mergeBenchmarkShards, ShardError } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * assert.throws(() => mergeBenchmarkShards([dir], `${dir}/merged`), ShardError);
 * ```
 */
export class ShardError extends StoreError {
  /** The error's name, for messages and logs. */
  override name = "ShardError";
}

/** The shard (1 … count) of a unit: the first 32 bits of SHA-256(id), modulo count, plus one. */
export function shardOf(id: string, count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`shardOf: count ${count} is not a positive integer`);
  return (Number.parseInt(sha256(id).slice(0, 8), 16) % count) + 1;
}

/** Whether a unit belongs to `shard`; every unit does when there is no shard. */
export const inShard = (id: string, shard: Shard | null | undefined): boolean => !shard || shardOf(id, shard.count) === shard.index;

/** A shard as I/N. */
export const shardLabel = (s: Shard): string => `${s.index}/${s.count}`;

/**
 * "I/N" (as `--shard` takes it) → the shard, or a sentence saying why it is not one.
 *
 * @param text The shard as text, e.g. "2/8".
 * @returns The shard, or why the text is not one.
 *
 * @example
 * ```ts
 * import { parseShard } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseShard("2/8"), { index: 2, count: 8 });
 * assert.equal(parseShard("9/8"), '"9/8": the shard index I runs from 1 to 8');
 * ```
 */
export function parseShard(text: string): Shard | string {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) return `"${text}" is not a shard; expected I/N with whole numbers 1 ≤ I ≤ N, e.g. 2/8`;
  const index = Number(m[1]), count = Number(m[2]);
  if (count < 1) return `"${text}": the shard count N must be at least 1`;
  if (index < 1 || index > count) return `"${text}": the shard index I runs from 1 to ${count}`;
  return { index, count };
}

/** The generation pool's unit id. */
export const poolUnit = (mechanism: string, family: string): string => `${mechanism}/${family}`;

/**
 * Checks that shard directories form one whole: each names shard I of the same N, every I
 * from 1 to N exactly once, and all agree on `settings` (compared as JSON text). Returns
 * the directories ordered by shard index.
 */
export function checkShardSet<T extends { dir: string; shard: Shard; settings: string }>(shards: readonly T[]): T[] {
  if (!shards.length) throw new ShardError("no shard directories given");
  const counts = new Set(shards.map((s) => s.shard.count));
  if (counts.size > 1) throw new ShardError(`the directories are shards of different runs: ${shards.map((s) => `${s.dir} is shard ${shardLabel(s.shard)}`).join(", ")}`);
  const base = shards[0];
  for (const s of shards.slice(1)) {
    if (s.settings !== base.settings) throw new ShardError(`${s.dir} and ${base.dir} are shards of runs with different settings (${firstDifference(base.settings, s.settings)}); merge shards of one run`);
  }
  const n = base.shard.count;
  const byIndex = new Map<number, T[]>();
  for (const s of shards) byIndex.set(s.shard.index, [...(byIndex.get(s.shard.index) ?? []), s]);
  const twice = [...byIndex.entries()].filter(([, v]) => v.length > 1);
  if (twice.length) throw new ShardError(twice.map(([i, v]) => `shard ${i}/${n} given twice: ${v.map((s) => s.dir).join(" and ")}`).join("; "));
  const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length) throw new ShardError(`shard${missing.length === 1 ? "" : "s"} ${missing.map((i) => `${i}/${n}`).join(", ")} missing (given: ${shards.map((s) => `${s.dir} = ${shardLabel(s.shard)}`).join(", ")})`);
  return [...shards].sort((a, b) => a.shard.index - b.shard.index);
}

/** Where two JSON texts of settings first differ, for the error message. */
function firstDifference(a: string, b: string): string {
  const x = JSON.parse(a) as Record<string, unknown>, y = JSON.parse(b) as Record<string, unknown>;
  for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
    if (JSON.stringify(x[k]) !== JSON.stringify(y[k])) return `${k}: ${JSON.stringify(x[k])} vs ${JSON.stringify(y[k])}`;
  }
  return "they differ";
}
