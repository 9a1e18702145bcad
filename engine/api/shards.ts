// Which sharded run a set of shard directories belongs to (`mech merge` joins any of them):
// a generation shard and a PhysMent shard say so in their shard.json; an eval shard is a run
// directory (run.json).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ShardError } from "../shard/shard.ts";
import { SHARD_FILE } from "../shard/shard_files.ts";
import { GENERATION_SHARD_FORMAT } from "../tasks/shard_store.ts";
import { PHYSMENT_SHARD_FORMAT } from "../physment/agent/shard_run.ts";
import { RUN_FILE } from "../eval/run_store.ts";
import { OptionsError } from "../files/errors.ts";

/**
 * What wrote a shard directory: a benchmark generation (generateBenchmarkShard, `mech
 * generate --shard`), an evaluation (evaluate or `mech eval` with a shard), or a PhysMent
 * run (`mech physment run --shard`).
 */
export type ShardKind = "generate" | "eval" | "physment";

const Format = z.object({ format: z.string() });

function kindOf(dir: string): ShardKind {
  if (!existsSync(dir)) throw new ShardError(`${dir}: no such directory`);
  const shardFile = join(dir, SHARD_FILE);
  if (existsSync(shardFile)) {
    let format: string | undefined;
    try {
      format = Format.safeParse(JSON.parse(readFileSync(shardFile, "utf8"))).data?.format;
    } catch {
      // named below as unreadable
    }
    if (format === GENERATION_SHARD_FORMAT) return "generate";
    if (format === PHYSMENT_SHARD_FORMAT) return "physment";
    throw new ShardError(`${shardFile}: not a shard file of mech generate or mech physment run (expected "format": "${GENERATION_SHARD_FORMAT}" or "${PHYSMENT_SHARD_FORMAT}")`);
  }
  if (existsSync(join(dir, RUN_FILE))) return "eval";
  throw new ShardError(`${dir}: not a shard directory (no ${SHARD_FILE} and no ${RUN_FILE}); give the output directories of mech generate, mech eval or mech physment run with --shard`);
}

/**
 * The kind of sharded run the directories hold, checked to be one kind: then join them with
 * mergeBenchmarkShards, mergeEvaluationShards, or the PhysMent entry's mergePhysmentShards.
 *
 * @param dirs Shard directories.
 * @returns Their kind.
 * @throws {ShardError} When a directory is missing or no shard, or the directories are of different kinds.
 *
 * @example
 * ```ts
 * import { generateBenchmarkShard, shardKind } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await generateBenchmarkShard({ mechanisms: ["mechanics_damper"], families: ["necessity"], perLevel: 1, shard: { index: 1, count: 2 }, out: dir });
 * assert.equal(shardKind([dir]), "generate");
 * ```
 */
export function shardKind(dirs: readonly string[]): ShardKind {
  if (!Array.isArray(dirs) || !dirs.length || dirs.some((d) => typeof d !== "string" || !d)) throw new OptionsError("shardKind: dirs: expected shard directories (at least one)");
  const kinds = dirs.map((dir) => ({ dir, kind: kindOf(dir) }));
  const other = kinds.find((k) => k.kind !== kinds[0].kind);
  if (other) throw new ShardError(`${kinds[0].dir} is a ${kinds[0].kind} shard but ${other.dir} is a ${other.kind} shard; merge the shards of one run`);
  return kinds[0].kind;
}
