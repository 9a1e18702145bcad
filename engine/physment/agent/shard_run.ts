// A shard of a PhysMent run (mech physment run --shard I/N): shard.json beside the
// transcripts says which shard of N and the run's full settings, so a rerun continues only
// the same shard, and `mech merge` can check that N directories are one run's shards and
// copy their transcripts into the directory the unsharded run writes.
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { canonicalJson } from "../../files/canonical_json.ts";
import { lockDirectory } from "../../files/dir_lock.ts";
import { checkShardSet, inShard, Shard, ShardError, shardLabel } from "../../shard/shard.ts";
import { readShardHeader, requireEmptyOut, SHARD_FILE, writeShardHeader } from "../../shard/shard_files.ts";
import { fsMessage } from "../../files/fs_reason.ts";
import { Strategy } from "./prompt.ts";
import { ProtocolName } from "./protocols.ts";
import { episodeGrid, type EpisodeSpec } from "./runner.ts";
import { FileTranscriptStore, finishedEnd, parseTranscript, recordedPrefix, type TranscriptRecord } from "./transcript.ts";

/** The format shard.json of a PhysMent shard names (`mech merge` tells shard kinds apart by it). */
export const PHYSMENT_SHARD_FORMAT = "mechbench-physment-shard/1";

/** A PhysMent run's settings, as a shard's shard.json records them. */
export const PhysmentSettings: z.ZodObject<
  {
    model: z.ZodString;
    reference: z.ZodBoolean;
    base_url: z.ZodNullable<z.ZodString>;
    scenes_dir: z.ZodNullable<z.ZodString>;
    scenes: z.ZodArray<z.ZodInt>;
    budgets: z.ZodArray<z.ZodInt>;
    strategy: typeof Strategy;
    protocol: typeof ProtocolName;
    temperature: z.ZodNumber;
    max_output_tokens: z.ZodInt;
  },
  z.core.$strict
> = z.object({
  /** The model's name in the transcripts ("reference" for the reference agent). */
  model: z.string().min(1),
  reference: z.boolean(),
  base_url: z.string().nullable(),
  scenes_dir: z.string().nullable(),
  scenes: z.array(z.int().positive()).min(1),
  budgets: z.array(z.int().positive()).min(1),
  strategy: Strategy,
  protocol: ProtocolName,
  temperature: z.number(),
  max_output_tokens: z.int().positive(),
}).strict();
/** A PhysMent run's settings. */
export type PhysmentSettings = z.infer<typeof PhysmentSettings>;

export const PhysmentShard = z.object({ format: z.literal(PHYSMENT_SHARD_FORMAT), shard: Shard, settings: PhysmentSettings }).strict();
export type PhysmentShard = z.infer<typeof PhysmentShard>;

/** Every episode of the run's grid, in grid order (runner.ts keys them). */
export const runEpisodes = (s: PhysmentSettings): EpisodeSpec[] =>
  episodeGrid({ scenes: s.scenes.map(String), models: [{ name: s.model }], budgets: s.budgets, strategies: [s.strategy], protocols: [s.protocol] });

/** The episodes of one shard: those whose transcript key the partition gives it. */
export const shardEpisodes = (s: PhysmentSettings, shard: Shard | null): EpisodeSpec[] => runEpisodes(s).filter((e) => inShard(e.key, shard));

export function readPhysmentShard(dir: string): PhysmentShard | null {
  return readShardHeader(dir, PhysmentShard);
}

/**
 * Records the shard in `dir` (which the caller holds locked): written the first time, checked
 * on a rerun. A directory of transcripts without shard.json, or of another shard or settings,
 * is refused: its transcripts would be mixed into the wrong run.
 */
export function recordPhysmentShard(dir: string, header: PhysmentShard): void {
  const old = readPhysmentShard(dir);
  if (old) {
    if (canonicalJson(old) !== canonicalJson(header)) {
      throw new ShardError(`${dir} holds shard ${shardLabel(old.shard)} of ${canonicalJson(old.settings) === canonicalJson(header.settings) ? "this run" : "another run (other settings)"}; choose another --out, or rerun with that shard's own command`);
    }
    return;
  }
  const transcripts = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
  if (transcripts.length) throw new ShardError(`${dir} holds transcripts of a run without --shard; choose another --out for a shard`);
  writeShardHeader(dir, header);
}

/** An unsharded run refuses a shard's directory: the shard's transcripts are of that shard only. */
export function refuseShardDirectory(dir: string): void {
  const old = readPhysmentShard(dir);
  if (old) throw new ShardError(`${dir} holds shard ${shardLabel(old.shard)} of a sharded run; continue it with --shard ${shardLabel(old.shard)}, or join the shards with mech merge`);
}

/** What mergePhysmentShards joined. */
export interface MergedPhysment {
  /** The settings of the run the shards are of. */
  settings: PhysmentSettings;
  /** The episodes of the whole run's grid. */
  episodes: number;
  /** Episodes copied without an end record, or missing (only with allowUnfinished). */
  unfinished: number;
}

/**
 * Joins the shard directories into `out` (new or empty): every episode's transcript,
 * record by record through the transcript store, under `out`'s lock; each shard is read
 * under its own lock, so one still running is refused. A finished transcript must parse
 * cleanly; unfinished or missing episodes are refused unless `allowUnfinished` (then the
 * readable prefix is copied, and the unsharded command run on `out` continues them).
 *
 * @param dirs The N shard directories of one run (runPhysment or `mech physment run` with a shard).
 * @param out Where the joined transcripts go: a new or empty directory.
 * @param opts `allowUnfinished`: join even with unfinished or missing episodes; `sleep`: how to wait for a lock.
 * @returns The run's settings, its episode count and how many are unfinished.
 * @throws {ShardError} When the directories are not the shards of one run, or an episode is unfinished (without allowUnfinished).
 * @throws {StoreError} When `out` is not empty or cannot be written.
 * @throws {RunError} When a shard directory is still being written.
 *
 * @example Two shards of the reference agent's run, joined
 * ```ts
 * import { mergePhysmentShards, runPhysment, scorePhysment } from "@mechbench/mechbench/physment";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * for (const index of [1, 2]) {
 *   await runPhysment({ model: { reference: true }, scenes: [7, 8], budgets: [5], shard: { index, count: 2 }, out: `${root}/shard${index}` });
 * }
 * const merged = await mergePhysmentShards([`${root}/shard1`, `${root}/shard2`], `${root}/all`, { allowUnfinished: false });
 * assert.equal(merged.episodes, 2);
 * assert.equal(scorePhysment(`${root}/all`).scores.length, 2);
 * ```
 */
export async function mergePhysmentShards(dirs: readonly string[], out: string, opts: { allowUnfinished: boolean; sleep?: (ms: number) => Promise<void> }): Promise<MergedPhysment> {
  requireEmptyOut(out);
  const read = [];
  for (const dir of dirs) {
    const release = await lockDirectory(dir, opts.sleep);
    try {
      const header = readPhysmentShard(dir);
      if (!header) throw new ShardError(`${dir}: no ${SHARD_FILE}; not a shard of mech physment run --shard`);
      const store = new FileTranscriptStore(dir);
      const expected = shardEpisodes(header.settings, header.shard);
      const keys = new Set(expected.map((e) => e.key));
      const stray = readdirSync(dir).filter((f) => f.endsWith(".jsonl") && !keys.has(f.slice(0, -".jsonl".length)));
      if (stray.length) throw new ShardError(`${join(dir, stray[0])}: not an episode of shard ${shardLabel(header.shard)}`);
      const texts = new Map<string, string | null>();
      for (const e of expected) texts.set(e.key, await store.read(e.key));
      read.push({ dir, shard: header.shard, header, texts, settings: canonicalJson(header.settings) });
    } finally {
      release();
    }
  }
  const shards = checkShardSet(read);
  const settings = shards[0].header.settings;
  const unfinished: string[] = [];
  const plan: { key: string; records: TranscriptRecord[] }[] = [];
  for (const e of runEpisodes(settings)) {
    const s = shards.find((x) => x.texts.has(e.key))!;
    const text = s.texts.get(e.key) ?? null;
    const path = `${join(s.dir, e.key)}.jsonl`;
    if (text === null) {
      unfinished.push(`${path} (missing)`);
      continue;
    }
    const parsed = parseTranscript(text);
    if (finishedEnd(text)) {
      if (parsed.issues.length) throw new ShardError(`${path}:${parsed.issues[0].line}: ${parsed.issues[0].message}`);
    } else unfinished.push(path);
    // an unfinished transcript is kept up to its first unreadable line, where a rerun continues anyway
    plan.push({ key: e.key, records: finishedEnd(text) ? parsed.records : (recordedPrefix(text) ?? []).map((r) => r.record) });
  }
  if (unfinished.length && !opts.allowUnfinished) {
    throw new ShardError(`${unfinished.length} episode${unfinished.length === 1 ? "" : "s"} unfinished: ${unfinished.slice(0, 3).join(", ")}${unfinished.length > 3 ? ", …" : ""}; run the shard's mech physment run --shard command again (it resumes), or pass --allow-unfinished and finish them on the merged directory with the unsharded command`);
  }
  try {
    mkdirSync(out, { recursive: true });
  } catch (e) {
    throw fsMessage(out, e);
  }
  const release = await lockDirectory(out, opts.sleep);
  try {
    const store = new FileTranscriptStore(out);
    for (const p of plan) {
      const sink = await store.create(p.key);
      for (const r of p.records) await sink.write(r);
    }
  } finally {
    release();
  }
  return { settings, episodes: runEpisodes(settings).length, unfinished: unfinished.length };
}
