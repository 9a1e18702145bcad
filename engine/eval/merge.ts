// `mech merge` of eval shards (mech eval --shard I/N): the N run directories, checked to be
// the shards of one run, joined into the run directory the unsharded run writes: its
// run.json (without the shard), and every shard's records, grouped per item in benchmark
// order (the unsharded file is in completion order; scores read it per item, so the order is
// free). Written through openRun, the writer and lock of mech eval itself.
import { canonicalJson } from "../files/canonical_json.ts";
import { checkShardSet, ShardError, shardLabel, shardOf } from "../shard/shard.ts";
import { requireEmptyOut } from "../shard/shard_files.ts";
import { lockDirectory } from "../files/dir_lock.ts";
import { readTaskSet } from "../tasks/store.ts";
import { itemsOfRun } from "./plan.ts";
import { type ItemRecord, type RunConfig, samplesOf } from "./run_records.ts";
import { latestBySample } from "./record_kinds.ts";
import { openRun, readRun } from "./run_store.ts";

export interface MergedRun {
  dir: string;
  config: RunConfig;
  /** Requests (item × sample) with no record in any shard (only with allowUnfinished). */
  missing: number;
  warnings: string[];
}

/** Reads a shard's run under its lock, so a shard still running is refused, not half-read. */
async function readShard(dir: string, sleep?: (ms: number) => Promise<void>) {
  const release = await lockDirectory(dir, sleep);
  try {
    return readRun(dir);
  } finally {
    release();
  }
}

export async function mergeEvalShards(dirs: readonly string[], out: string, opts: { tasks?: string; allowUnfinished: boolean; sleep?: (ms: number) => Promise<void> }): Promise<MergedRun> {
  requireEmptyOut(out);
  const warnings: string[] = [];
  const read = [];
  for (const dir of dirs) {
    const run = await readShard(dir, opts.sleep);
    warnings.push(...run.warnings);
    const shard = run.config.selection.shard;
    if (!shard) throw new ShardError(`${dir}: a run of mech eval without --shard; merge joins the shards of one sharded run`);
    const { shard: _, ...selection } = run.config.selection;
    // items and created differ from shard to shard by nature; everything else must agree
    read.push({ dir, shard, run, settings: canonicalJson({ ...run.config, selection, items: null, created: null }) });
  }
  const shards = checkShardSet(read);
  const first = shards[0].run.config;
  const { shard: _, ...selection } = first.selection;
  const config: RunConfig = { ...first, selection, items: 0, created: shards.map((s) => s.run.config.created).sort()[0] };
  const { items } = itemsOfRun(readTaskSet(opts.tasks ?? first.tasks.dir), config);
  config.items = items.length;
  const n = shards[0].shard.count;
  // each shard's records per task, in its file order (a retried failure keeps its history)
  const byTask = new Map<string, ItemRecord[]>();
  const expected = new Set(items.map((i) => i.task_id));
  for (const s of shards) {
    for (const r of s.run.records) {
      if (!expected.has(r.task_id) || shardOf(r.task_id, n) !== s.shard.index) throw new ShardError(`${s.dir}: holds a record of ${r.task_id}, which is not an item of shard ${shardLabel(s.shard)}`);
      byTask.set(r.task_id, [...(byTask.get(r.task_id) ?? []), r]);
    }
  }
  // a request is unfinished while its (item, sample) has no record
  const samples = samplesOf(config);
  const open = (taskId: string) => latestBySample(byTask.get(taskId) ?? [], samples).filter((m) => !m.size).length;
  const unfinished = shards.map((s) => ({ s, count: items.filter((i) => shardOf(i.task_id, n) === s.shard.index).reduce((a, i) => a + open(i.task_id), 0) })).filter((x) => x.count);
  const what = samples > 1 ? ["request", "requests"] : ["item", "items"];
  if (unfinished.length && !opts.allowUnfinished) {
    throw new ShardError(`${unfinished.map(({ s, count }) => `${s.dir} (shard ${shardLabel(s.shard)}) is unfinished: ${count} ${what[count === 1 ? 0 : 1]} without a record`).join("; ")}; run its mech eval --shard command again (it resumes), or pass --allow-unfinished and finish them on the merged run with the unsharded command`);
  }
  const run = await openRun(out, config, opts.sleep);
  try {
    for (const item of items) for (const r of byTask.get(item.task_id) ?? []) run.append(r);
  } finally {
    run.close();
  }
  return { dir: out, config, missing: unfinished.reduce((a, x) => a + x.count, 0), warnings };
}
