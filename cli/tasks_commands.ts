// `mech generate` and `mech tasks show|stats|verify`: the MechReasoner benchmark on disk.
import {
  benchmarkQuality,
  findTask,
  generateBenchmark,
  type GenerateBenchmarkOptions,
  generateBenchmarkShard,
  levelLines,
  loadBenchmark,
  type Manifest,
  mechanismLines,
  parseFamilyList,
  parseMechanismList,
  qualityLines,
  type Shard,
  summaryLines,
  TaskNotFoundError,
  verifyBenchmark,
} from "../engine/api/mechreasoner.ts";
import type { RuleProfile } from "../engine/api/solver.ts";
import { shardOption } from "./shard_option.ts";
import { InputError, type Io } from "./io.ts";
import { lazyProgress, progress } from "./progress.ts";
import { machineCores } from "./io.ts";

const lines = (io: Io, ...text: string[]) => text.forEach((t) => io.out(t));

export interface GenerateArgs {
  out: string;
  mechanisms?: string;
  families?: string;
  seed: string;
  perLevel: number;
  maxTokens: number;
  force: boolean;
  json: boolean;
  rules?: RuleProfile;
  /** A catalog directory to generate from instead of the built-in catalog. */
  catalog?: string;
  /** I/N: generate only the pools of shard I of N into --out (mech merge joins the N). */
  shard?: string;
  /** Workers (default: the machine's cores). */
  jobs?: number;
}

const SEED = /^[A-Za-z0-9._:-]{1,64}$/;

export async function generateCommand(args: GenerateArgs, io: Io): Promise<number> {
  if (!SEED.test(args.seed)) throw new InputError(`--seed: "${args.seed}" is not a seed (1 to 64 letters, digits or . _ : -)`);
  const families = args.families === undefined ? undefined : parseFamilyList(args.families, "--families");
  // a directory catalog's ids are checked against the directory when it is read
  const mechanisms = args.mechanisms === undefined ? undefined
    : args.catalog === undefined ? parseMechanismList(args.mechanisms, "--mechanisms")
    : [...new Set(args.mechanisms.split(",").map((x) => x.trim()).filter(Boolean))];
  const shard = shardOption(args.shard);
  const options = (bar: ReturnType<typeof lazyProgress>): GenerateBenchmarkOptions => ({
    ...(mechanisms ? { mechanisms } : {}),
    ...(args.catalog !== undefined ? { catalog: args.catalog } : {}),
    ...(families ? { families } : {}),
    seed: args.seed,
    perLevel: args.perLevel,
    maxPromptTokens: args.maxTokens,
    ...(args.rules ? { rules: args.rules } : {}),
    force: args.force,
    jobs: args.jobs ?? machineCores(),
    onProgress: (e) => bar.update(e.done, e.total, `${e.mechanism} ${e.family}: ${e.admitted} task${e.admitted === 1 ? "" : "s"}`),
  });
  if (shard) return await generateShard(args, shard, options, io);
  const bar = lazyProgress(io, "generate");
  const b = await generateBenchmark({ ...options(bar), out: args.out });
  bar.finish();
  printBenchmark(args.out, b.manifest, args.json, io);
  const t = b.timings;
  io.err(`generated in ${(t.totalMs / 1000).toFixed(1)} s (${t.solves} exact solves; token counting ${(100 * t.tokenMs / t.totalMs).toFixed(0)} %)`);
  return 0;
}

/** What mech generate prints of a benchmark it wrote, and mech merge of one it joined. */
export function printBenchmark(out: string, manifest: Manifest, json: boolean, io: Io): void {
  if (json) {
    io.out(JSON.stringify({ dir: out, retained: manifest.retained, generated: manifest.generated, duplicates_removed: manifest.duplicates_removed, families: manifest.families, completion_sha256: manifest.completion_sha256 }));
  } else {
    const s = manifest.settings;
    io.out(`MechReasoner benchmark in ${out} (seed ${s.seed}, ${s.per_level} per level, ceiling ${s.max_prompt_tokens} tokens, edge rules ${s.rules})`);
    io.out("");
    for (const line of summaryLines(manifest)) io.out(line);
    io.out("");
    for (const line of mechanismLines(manifest)) io.out(line);
  }
}

/**
 * `mech generate --shard I/N`: the pools of shard I into --out, each written as it finishes;
 * run again, it continues with the pools not yet on disk.
 */
async function generateShard(args: GenerateArgs, shard: Shard, options: (bar: ReturnType<typeof lazyProgress>) => GenerateBenchmarkOptions, io: Io): Promise<number> {
  const bar = lazyProgress(io, `generate ${shard.index}/${shard.count}`);
  const r = await generateBenchmarkShard({ ...options(bar), shard, out: args.out });
  bar.finish();
  if (args.json) io.out(JSON.stringify({ dir: args.out, shard, pools: r.pools, generated_now: r.generatedNow, tasks_now: r.tasksNow }));
  else io.out(`shard ${shard.index}/${shard.count} of the MechReasoner benchmark in ${args.out}: ${r.pools} of ${r.allPools} pools (${r.alreadyThere} already there, ${r.generatedNow} generated now, ${r.tasksNow} tasks before de-duplication); join the ${shard.count} shard directories with mech merge`);
  io.err(`generated in ${(r.timings.totalMs / 1000).toFixed(1)} s (${r.timings.solves} exact solves)`);
  return 0;
}

/** `mech tasks show TASK_ID`: the prompt as sent, the gold and its evidence. */
export function tasksShowCommand(args: { taskId: string; dir: string; json: boolean }, io: Io): number {
  const b = loadBenchmark(args.dir);
  let found;
  try {
    found = findTask(b, args.taskId);
  } catch (e) {
    if (!(e instanceof TaskNotFoundError)) throw e;
    throw new InputError(e.near.length ? e.message : `${args.dir}: no task ${args.taskId} (${e.total} tasks; mech tasks stats ${args.dir} lists them by family)`);
  }
  const { task, solution, evidence } = found;
  if (args.json) {
    io.out(JSON.stringify({ task, solution }));
    return 0;
  }
  io.out(`${task.task_id}: ${task.family}, ${task.mechanism}, level ${task.level}, complexity ${task.complexity}, ${task.prompt_tokens} prompt tokens`);
  lines(io, "", "=== prompt (user message) ===", task.prompt, "", "=== gold answer ===");
  if (!solution) {
    io.out("(no solution recorded)");
    return 1;
  }
  io.out(JSON.stringify({ answer: solution.answer }));
  lines(io, "", "=== evidence ===", ...evidence);
  return 0;
}

/**
 * `mech tasks stats DIR`: Table 3, Table 11, the level cells and prompt lengths; with
 * `quality`, the shortcut measures after them (in JSON under "quality").
 */
export function tasksStatsCommand(args: { dir: string; json: boolean; quality?: boolean; catalog?: string }, io: Io): number {
  const b = loadBenchmark(args.dir);
  const m = b.manifest;
  if (args.quality) needCatalog(args.dir, m, args.catalog);
  const quality = args.quality ? benchmarkQuality(b, args.catalog === undefined ? {} : { catalog: args.catalog }) : undefined;
  if (args.json) {
    io.out(JSON.stringify({ settings: m.settings, retained: m.retained, families: m.families, mechanisms: m.mechanisms, cells: m.cells, ...(quality ? { quality } : {}) }));
    return 0;
  }
  lines(io, `${args.dir}: ${m.retained} tasks, generator ${m.generator.version}, seed ${m.settings.seed}, edge rules ${m.settings.rules}, catalog ${m.catalog_sha256.slice(0, 12)}…`, "");
  lines(io, ...summaryLines(m), "", ...mechanismLines(m), "", ...levelLines(m, b.tasks));
  if (quality) lines(io, "", ...qualityLines(quality));
  return 0;
}

/** A benchmark of a directory catalog is checked against that directory: say so rather than report every gold as foreign. */
function needCatalog(dir: string, m: Manifest, catalog: string | undefined): void {
  if (catalog !== undefined || !m.catalog) return;
  const c = m.catalog.composer;
  throw new InputError(`${dir} was generated from a catalog directory of ${m.catalog.mechanisms} mechanisms${c ? ` (composed by ${c.name} ${c.version}, seed ${c.seed})` : ""}; name it with --catalog DIR`);
}

/** `mech tasks verify DIR`: hashes, headers and every gold recomputed; exit 1 on any finding. */
export async function tasksVerifyCommand(args: { dir: string; json: boolean; catalog?: string; jobs?: number }, io: Io): Promise<number> {
  const b = loadBenchmark(args.dir);
  needCatalog(args.dir, b.manifest, args.catalog);
  const bar = progress(io, "verify", b.tasks.length);
  const r = await verifyBenchmark(b, {
    ...(args.catalog === undefined ? {} : { catalog: args.catalog }),
    jobs: args.jobs ?? machineCores(),
    onProgress: (done, total) => {
      if (done === total || done % 25 === 0) bar.update(done, "tasks rechecked");
    },
  });
  bar.finish();
  if (args.json) io.out(JSON.stringify({ dir: args.dir, tasks: r.tasks, golds_recomputed: r.golds, findings: r.findings }));
  else {
    for (const f of r.findings) io.out(f);
    io.out(r.findings.length
      ? `${r.findings.length} finding${r.findings.length === 1 ? "" : "s"} in ${args.dir}`
      : `${args.dir}: ${r.tasks} tasks verified: file and completion hashes match, every header and token count is right, and all ${r.golds} gold answers were recomputed from the catalog`);
  }
  return r.findings.length ? 1 : 0;
}
