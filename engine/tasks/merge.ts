// `mech merge` of generation shards: every shard's pools, checked to be exactly the pools
// the partition gives it, put in canonical order and assembled as an unsharded run does
// (de-duplication and the other global steps live in assemble()), so the files written
// from the result are the unsharded run's, byte for byte.
import { canonicalJson } from "../files/canonical_json.ts";
import { checkShardSet, poolUnit, ShardError, shardLabel, shardOf } from "../shard/shard.ts";
import { assemble, type Generated, GENERATOR_VERSION, type PoolOutput } from "./generate.ts";
import { readGenerationShardHeader, readPools } from "./shard_store.ts";
import { SHARD_FILE } from "../shard/shard_files.ts";

export interface MergedGeneration {
  /** The catalog the shards were generated from (the manifest records it). */
  catalogSha256: string;
  generated: Omit<Generated, "timings">;
}

export function mergeGenerationShards(dirs: readonly string[]): MergedGeneration {
  const shards = checkShardSet(dirs.map((dir) => {
    const header = readGenerationShardHeader(dir);
    if (!header) throw new ShardError(`${dir}: no ${SHARD_FILE}; not a shard of mech generate --shard`);
    return { dir, header, shard: header.shard, settings: canonicalJson({ ...header, shard: null }) };
  }));
  const { header } = shards[0];
  if (header.generator.version !== GENERATOR_VERSION) {
    throw new ShardError(`${shards[0].dir}: made by generator ${header.generator.version}, this mech is ${GENERATOR_VERSION}; merge with the mech that generated the shards`);
  }
  const n = header.shard.count;
  const held = shards.map((s) => readPools(s.dir));
  const outputs: PoolOutput[] = [];
  const missing = new Map<number, string[]>();
  for (const mechanism of header.settings.mechanisms) {
    for (const family of header.settings.families) {
      const unit = poolUnit(mechanism, family);
      const owner = shardOf(unit, n) - 1;
      const pool = held[owner].get(unit);
      if (!pool) missing.set(owner, [...(missing.get(owner) ?? []), unit]);
      else outputs.push(pool);
      held[owner].delete(unit);
    }
  }
  if (missing.size) {
    throw new ShardError([...missing.entries()].map(([i, units]) => `${shards[i].dir} (shard ${shardLabel(shards[i].shard)}) is unfinished: ${units.length} pool${units.length === 1 ? "" : "s"} missing (${units.slice(0, 3).join(", ")}${units.length > 3 ? ", …" : ""}); run its mech generate --shard command again, it continues`).join("; "));
  }
  held.forEach((rest, i) => {
    if (rest.size) throw new ShardError(`${shards[i].dir}: holds pool ${[...rest.keys()][0]}, which is not shard ${shardLabel(shards[i].shard)}'s`);
  });
  return { catalogSha256: header.catalog_sha256, generated: assemble(header.settings, outputs) };
}
