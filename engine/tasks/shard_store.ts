// A shard of a benchmark generation on disk: shard.json (which shard, the full settings,
// generator and catalog) written first, then one file per finished pool under pools/,
// each renamed into place whole. A pool file is the pool before de-duplication, which is
// global: `mech merge` assembles the benchmark from every shard's pools (generate.ts).
// A rerun of the same shard skips the pools already on disk.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { canonicalJson } from "../files/canonical_json.ts";
import { Shard, ShardError, shardLabel } from "../shard/shard.ts";
import { readShardHeader, readShardJson, SHARD_FILE, writeShardHeader } from "../shard/shard_files.ts";
import { FamilyId } from "./family.ts";
import type { PoolOutput } from "./generate.ts";
import { CellRecord, ProblemRecord, Settings, SolutionRecord, TaskRecord } from "./records.ts";
import { fsMessage } from "../files/fs_reason.ts";
import { writeAtomically } from "../files/atomic_write.ts";

const POOLS = "pools";
export const GENERATION_SHARD_FORMAT = "mechbench-tasks-shard/1";

export const GenerationShard = z.object({
  format: z.literal(GENERATION_SHARD_FORMAT),
  shard: Shard,
  generator: z.object({ name: z.literal("mechbench"), version: z.string() }).strict(),
  catalog_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  settings: Settings,
}).strict();
export type GenerationShard = z.infer<typeof GenerationShard>;

const PoolFile = z.object({
  mechanism: z.string().min(1),
  family: FamilyId,
  cells: z.array(CellRecord),
  admitted: z.array(z.object({ task: TaskRecord, solution: SolutionRecord, problems: z.array(ProblemRecord) }).strict()),
}).strict();

const poolFileName = (mechanism: string, family: string) => `${mechanism}--${family}.json`;

/** The shard header of a directory, or null when it has none. */
export function readGenerationShardHeader(dir: string): GenerationShard | null {
  return readShardHeader(dir, GenerationShard);
}

/**
 * Makes `dir` ready for this shard and returns the pools it already holds: a new or empty
 * directory gets the header; a directory of the same shard and settings is continued; a
 * shard of anything else is refused unless `force` (then its header and pools are removed
 * first); a directory holding anything but a shard is refused.
 */
export function openGenerationShard(dir: string, header: GenerationShard, force: boolean): Set<string> {
  try {
    if (existsSync(dir) && !statSync(dir).isDirectory()) throw new ShardError(`${dir}: exists and is not a directory`);
    if (existsSync(dir) && force) {
      rmSync(join(dir, SHARD_FILE), { force: true });
      rmSync(join(dir, POOLS), { recursive: true, force: true });
    }
    const old = existsSync(dir) ? readGenerationShardHeader(dir) : null;
    if (old) {
      if (canonicalJson(old) !== canonicalJson(header)) {
        throw new ShardError(`${dir} holds shard ${shardLabel(old.shard)} of another generation (${canonicalJson(old.settings) !== canonicalJson(header.settings) ? "other settings" : old.catalog_sha256 !== header.catalog_sha256 ? "another catalog" : old.generator.version !== header.generator.version ? "another generator version" : "another shard"}); choose another --out, or pass --force to start this shard there afresh`);
      }
    } else {
      if (existsSync(dir)) {
        const entries = readdirSync(dir);
        if (entries.length) throw new ShardError(`${dir}: is not empty and holds no shard (${entries.length} entr${entries.length === 1 ? "y" : "ies"}); choose another --out`);
      }
      mkdirSync(join(dir, POOLS), { recursive: true });
      writeShardHeader(dir, header);
    }
    mkdirSync(join(dir, POOLS), { recursive: true });
    return new Set(readdirSync(join(dir, POOLS)).filter((f) => f.endsWith(".json")));
  } catch (e) {
    if (e instanceof ShardError) throw e;
    throw fsMessage(dir, e);
  }
}

/** Whether the shard directory holds this pool already (from openGenerationShard's set). */
export const hasPool = (held: ReadonlySet<string>, mechanism: string, family: string): boolean => held.has(poolFileName(mechanism, family));

export function writePool(dir: string, pool: PoolOutput): void {
  writeAtomically(join(dir, POOLS), poolFileName(pool.mechanism, pool.family), JSON.stringify(pool) + "\n");
}

/** The pools a shard directory holds, checked, by file name. */
export function readPools(dir: string): Map<string, PoolOutput> {
  const out = new Map<string, PoolOutput>();
  const pools = join(dir, POOLS);
  let names: string[];
  try {
    names = existsSync(pools) ? readdirSync(pools).filter((f) => f.endsWith(".json")).sort() : [];
  } catch (e) {
    throw fsMessage(pools, e);
  }
  for (const name of names) {
    const path = join(pools, name);
    const p = readShardJson(path, PoolFile);
    if (name !== poolFileName(p.mechanism, p.family)) throw new ShardError(`${path}: holds the pool ${p.mechanism}/${p.family}, not the one its name says`);
    out.set(`${p.mechanism}/${p.family}`, p);
  }
  return out;
}
