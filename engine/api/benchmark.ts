// The MechReasoner benchmark for scripts: generated in memory or into a directory from the
// built-in catalog (cancellable, with progress), sharded and merged, written to and read from
// a directory, verified, and its shortcut measures.
import { z } from "zod";
import { builtinMechanism, builtinMechanismIds, catalogSha256 } from "../../catalog/mod.ts";
import { oneOf } from "../model/issues.ts";
import type { MechanismModel } from "../model/model.ts";
import { DEFAULT_PROFILE, RULE_PROFILES, type RuleProfile } from "../episode/rule_names.ts";
import { FAMILIES } from "../tasks/families/mod.ts";
import { FAMILY_IDS, type FamilyId, type TaskFamily } from "../tasks/family.ts";
import { DEFAULT_MAX_PROMPT_TOKENS, DEFAULT_PER_LEVEL, DEFAULT_SEED } from "../tasks/defaults.ts";
import { assemble, type GenerateProgress, type GenerateTimings, GENERATOR_VERSION, type PoolOutput, settingsOf } from "../tasks/generate.ts";
import { benchmarkFiles, buildManifest, mechanismSize } from "../tasks/manifest.ts";
import { mergeGenerationShards } from "../tasks/merge.ts";
import { qualityReport, type QualityReport } from "../tasks/quality/report.ts";
import { GENERATION_SHARD_FORMAT, hasPool, openGenerationShard, writePool } from "../tasks/shard_store.ts";
import { type Benchmark, prepareOutputDir, readBenchmark, writeBenchmark } from "../tasks/store.ts";
import { type TaskCheck, verifyBenchmark as verifyAgainst, type VerifyResult } from "../tasks/verify.ts";
import { VERIFY_WORKER, verifyHandler, type VerifyUnit } from "../tasks/verify_job.ts";
import { inShard, poolUnit, Shard } from "../shard/shard.ts";
import { GENERATE_WORKER, generateHandler, type GenerateUnit } from "../tasks/generate_job.ts";
import { runUnits } from "../parallel/units.ts";
import { requireEmptyOut } from "../shard/shard_files.ts";
import { checkOptions, JOBS, SEED, SIGNAL } from "./options.ts";
import { OptionsError } from "../files/errors.ts";
import type { CatalogRecord } from "../tasks/records.ts";
import { type CatalogDirectory, loadCatalogDirectory } from "./catalog_directory.ts";

const fn = <T>() => z.custom<T>((v) => typeof v === "function", "expected a function");

const GenerateOptions = z.object({
  mechanisms: z.array(z.string()).min(1).optional(),
  families: z.array(z.enum(FAMILY_IDS)).min(1).optional(),
  seed: z.string().regex(SEED, "expected 1 to 64 letters, digits or . _ : -").default(DEFAULT_SEED),
  perLevel: z.int().positive().default(DEFAULT_PER_LEVEL),
  maxPromptTokens: z.int().positive().default(DEFAULT_MAX_PROMPT_TOKENS),
  rules: z.enum(RULE_PROFILES).default(DEFAULT_PROFILE),
  onProgress: fn<(e: GenerateProgress) => void>().optional(),
  signal: SIGNAL,
  out: z.string().min(1).optional(),
  force: z.boolean().default(false),
  catalog: z.string().min(1).optional(),
  jobs: JOBS,
}).strict();

const GenerateShardSchema = GenerateOptions.extend({ out: z.string().min(1), shard: Shard });

/** What generateBenchmark makes: the options of `mech generate`, defaults included. */
export interface GenerateBenchmarkOptions {
  /** Built-in mechanism ids, in any order (generated in catalog order); default all 18. */
  mechanisms?: readonly string[];
  /** Task family ids (generated in registry order); default all six. */
  families?: readonly ("state_consistency" | "plausibility" | "necessity" | "transition" | "functional_recovery" | "trace_faithfulness")[];
  /** The generation seed (default "mechbench-v1", the release's). */
  seed?: string;
  /** Tasks per (family, mechanism, level) cell (default 4). */
  perLevel?: number;
  /** The prompt token ceiling (default 80,000). */
  maxPromptTokens?: number;
  /** The edge-rule profile of every episode graph (default "sound"). */
  rules?: "sound" | "paper";
  /** Called after each (mechanism, family) pool. */
  onProgress?: (event: GenerateProgress) => void;
  /** Stops generation between pools; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Also write the benchmark to this directory, as `mech generate --out` does: the directory
   * is made ready before generation starts (created, or refused when it holds anything
   * unless `force`), and the files are written when it ends, the manifest last.
   */
  out?: string;
  /** With `out`: replace what the directory holds (default false). */
  force?: boolean;
  /**
   * Web Workers to spread the mechanisms over (default 1: this thread). The benchmark is
   * the same, byte for byte, for any number. Needs a runtime with Web Workers (Deno).
   */
  jobs?: number;
  /**
   * A catalog directory (loadCatalogDirectory): generate from its mechanism files instead of
   * the built-in 18; `mechanisms` then names ids of the directory. The manifest records the
   * directory's hash and, for a composed catalog, the composer's seed and settings.
   */
  catalog?: string;
}

/** A benchmark just generated, with what generating it cost. */
export interface GeneratedBenchmark extends Benchmark {
  /** Wall-clock time of the generation, its share spent counting tokens, and the exact solves it made. */
  timings: GenerateTimings;
}

/** What generateBenchmarkShard makes: generateBenchmark's options, the shard and its directory. */
export interface GenerateShardOptions extends GenerateBenchmarkOptions {
  /** Which shard of the (mechanism, family) pools, 1-based: `{ index: 2, count: 8 }`. */
  shard: Shard;
  /** The shard directory: created, or continued when it holds this shard of the same generation. */
  out: string;
}

/** What one run of generateBenchmarkShard did. */
export interface BenchmarkShard {
  /** The shard directory. */
  dir: string;
  /** The shard. */
  shard: Shard;
  /** The (mechanism, family) pools of this shard. */
  pools: number;
  /** The pools of the whole generation. */
  allPools: number;
  /** Pools the directory held already (a continued shard). */
  alreadyThere: number;
  /** Pools generated by this call. */
  generatedNow: number;
  /** Tasks admitted to the pools generated by this call, before de-duplication (which is global: mergeBenchmarkShards). */
  tasksNow: number;
  /** What this call cost. */
  timings: GenerateTimings;
}


/**
 * Generates the MechReasoner benchmark from the built-in catalog (or a catalog directory), in memory or also into a
 * directory (`out`): every option of `mech generate`, byte-identical files for the same options.
 *
 * @param options Mechanisms, families, seed, cell size, token ceiling, edge rules, progress, signal, the output directory, and a catalog directory.
 * @returns The benchmark: its manifest, its three files' texts and their records, and what generating it cost.
 * @throws {OptionsError} For an unknown mechanism or family, or a malformed option.
 * @throws {StoreError} With `out`: when the directory is not empty (without `force`) or cannot be written.
 * @throws The signal's reason when it is aborted (an AbortError by default); nothing is written then.
 *
 * @example Generate two mechanisms' benchmark without touching the disk
 * ```ts
 * import { generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper", "thermal_two_masses"], perLevel: 1 });
 * assert.equal(benchmark.tasks.length, benchmark.manifest.retained);
 * console.log(benchmark.manifest.completion_sha256, `${benchmark.timings.solves} exact solves`);
 * ```
 *
 * @example Cancel a generation, with progress events
 * ```ts
 * import { generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const stop = new AbortController();
 * const seen: string[] = [];
 * const generation = generateBenchmark({
 *   mechanisms: ["mechanics_damper", "thermal_two_masses"],
 *   perLevel: 1,
 *   signal: stop.signal,
 *   onProgress: (e) => {
 *     seen.push(`${e.done}/${e.total} ${e.mechanism} ${e.family}`);
 *     if (e.done === 2) stop.abort();
 *   },
 * });
 * await assert.rejects(generation, { name: "AbortError" });
 * assert.deepEqual(seen, ["1/12 mechanics_damper state_consistency", "2/12 mechanics_damper plausibility"]);
 * ```
 *
 * @example Spread the mechanisms over two Web Workers: the same benchmark, byte for byte
 * ```ts
 * import { generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const options = { mechanisms: ["mechanics_damper", "thermal_two_masses"], families: ["transition" as const], perLevel: 1 };
 * const one = await generateBenchmark({ ...options, jobs: 1 });
 * const two = await generateBenchmark({ ...options, jobs: 2 });
 * assert.equal(two.manifest.completion_sha256, one.manifest.completion_sha256);
 * ```
 */
export async function generateBenchmark(options: GenerateBenchmarkOptions = {}): Promise<GeneratedBenchmark> {
  const start = performance.now();
  const o = checkOptions("generateBenchmark", GenerateOptions, options);
  const plan = planOf("generateBenchmark", o);
  if (o.out !== undefined) prepareOutputDir(o.out, o.force);
  const { pools, timings } = await poolsOf(plan, () => true, o);
  const g = assemble(settingsOf(plan), pools);
  const totalMs = performance.now() - start;
  const texts = benchmarkFiles(g);
  const manifest = buildManifest(g, texts, plan.catalogSha256, plan.families, { sizes: sizesOf(plan.mechanisms), catalog: plan.record });
  if (o.out !== undefined) writeBenchmark(o.out, texts, manifest);
  const dir = o.out ?? `memory:${manifest.completion_sha256.slice(0, 12)}`;
  return { dir, manifest, texts, tasks: g.tasks, solutions: g.solutions, problems: g.problems, timings: { ...timings, totalMs } };
}

/** What generation runs over, the options resolved against the catalog and the family registry. */
interface Plan {
  mechanisms: MechanismModel[];
  /** The catalog's hash: the built-in one's, or the directory's. */
  catalogSha256: string;
  /** The directory catalog's record for the manifest; absent for the built-in catalog. */
  record?: CatalogRecord;
  families: TaskFamily[];
  seed: string;
  perLevel: number;
  maxPromptTokens: number;
  rules: RuleProfile;
}

/** A mechanism's size by id, for the manifest. */
const sizesOf = (models: readonly MechanismModel[]) => {
  const byId = new Map(models.map((m) => [m.id, mechanismSize(m)]));
  return (id: string) => byId.get(id);
};

/** The record a manifest keeps of a directory catalog. */
function recordOf(c: CatalogDirectory): CatalogRecord {
  const composer = c.composer && { name: c.composer.composer.name, version: c.composer.composer.version, seed: c.composer.seed, settings: c.composer.settings };
  return { source: "directory", mechanisms: c.mechanisms.length, ...(composer ? { composer } : {}) };
}

function planOf(fnName: string, o: { mechanisms?: string[]; families?: FamilyId[]; seed: string; perLevel: number; maxPromptTokens: number; rules: RuleProfile; catalog?: string }): Plan {
  const directory = o.catalog === undefined ? undefined : loadCatalogDirectory(o.catalog);
  const all = directory ? directory.mechanisms.map((m) => m.id) : builtinMechanismIds();
  const unknown = (o.mechanisms ?? []).filter((id) => !all.includes(id));
  if (unknown.length) throw new OptionsError(`${fnName}: mechanisms: no ${directory ? `mechanism in ${directory.dir} with id` : "built-in mechanism"} ${unknown.join(", ")} (expected ${oneOf(all, 40)})`);
  const ids = o.mechanisms ? all.filter((id) => o.mechanisms!.includes(id)) : all;
  const families = o.families ? FAMILIES.filter((f) => o.families!.includes(f.id)) : [...FAMILIES];
  const lookup = directory ? (id: string) => directory.mechanisms.find((m) => m.id === id) : builtinMechanism;
  return {
    mechanisms: ids.map((id) => lookup(id)!),
    catalogSha256: directory ? directory.sha256 : catalogSha256(),
    ...(directory ? { record: recordOf(directory) } : {}),
    families,
    seed: o.seed,
    perLevel: o.perLevel,
    maxPromptTokens: o.maxPromptTokens,
    rules: o.rules,
  };
}

/**
 * The pools `keep` selects, one unit per mechanism (runUnits: in this thread with one job,
 * else over that many workers; a pool is never cut in half): progress counts the kept
 * pools as they finish, pools and onPool come in catalog order whatever the jobs, and
 * the signal is seen between mechanisms (one job) or stops every worker.
 */
async function poolsOf(
  plan: Plan,
  keep: (mechanism: string, family: FamilyId) => boolean,
  o: { onProgress?: (e: GenerateProgress) => void; signal?: AbortSignal; jobs: number },
  onPool?: (pool: PoolOutput) => void,
): Promise<{ pools: PoolOutput[]; timings: GenerateTimings }> {
  const start = performance.now();
  const units: GenerateUnit[] = plan.mechanisms
    .map((m, mechanism) => ({ mechanism, families: plan.families.filter((f) => keep(m.id, f.id)).map((f) => f.id) }))
    .filter((u) => u.families.length > 0);
  const total = units.reduce((n, u) => n + u.families.length, 0);
  // pools by unit, in the order each unit makes them (its families' order)
  const byUnit: PoolOutput[][] = units.map(() => []);
  let done = 0, tokenMs = 0, solves = 0;
  await runUnits({
    entry: GENERATE_WORKER,
    init: { mechanisms: plan.mechanisms, seed: plan.seed, perLevel: plan.perLevel, maxPromptTokens: plan.maxPromptTokens, rules: plan.rules },
    units,
    handler: generateHandler,
    name: (u) => `mechanism ${plan.mechanisms[u.mechanism].id}`,
  }, {
    jobs: o.jobs,
    ...(o.signal ? { signal: o.signal } : {}),
    // a throw here (the caller's progress callback, or the signal) stops the generation between pools
    onEvent: ({ pool }, k) => {
      byUnit[k].push(pool);
      onPool?.(pool);
      o.onProgress?.({ mechanism: pool.mechanism, family: pool.family, admitted: pool.admitted.length, done: ++done, total });
      o.signal?.throwIfAborted();
    },
    onResult: (r) => {
      tokenMs += r.tokenMs;
      solves += r.solves;
    },
  });
  return { pools: byUnit.flat(), timings: { totalMs: performance.now() - start, tokenMs, solves } };
}

/**
 * Generates one shard of the benchmark into a directory, as `mech generate --shard I/N`
 * does: the (mechanism, family) pools that fall to this shard, each written as it finishes.
 * Called again on the same directory, it continues with the pools not yet there. Join the
 * shards with mergeBenchmarkShards: the result is the unsharded benchmark, byte for byte.
 *
 * @param options generateBenchmark's options, the shard and its directory (`force` starts a shard of anything else there afresh).
 * @returns Which pools the shard holds and what this call generated.
 * @throws {OptionsError} For an unknown mechanism or family, or a malformed option.
 * @throws {ShardError} When the directory holds another shard or anything but a shard (without `force`).
 * @throws The signal's reason when it is aborted; the pools written so far stay.
 *
 * @example Two shards, merged into the unsharded benchmark
 * ```ts
 * import { generateBenchmark, generateBenchmarkShard, mergeBenchmarkShards } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const options = { mechanisms: ["mechanics_damper"], families: ["necessity", "transition"] as const, perLevel: 1 };
 * const root = await Deno.makeTempDir();
 * for (const index of [1, 2]) await generateBenchmarkShard({ ...options, families: [...options.families], shard: { index, count: 2 }, out: `${root}/shard${index}` });
 * const merged = mergeBenchmarkShards([`${root}/shard1`, `${root}/shard2`], `${root}/merged`);
 * const whole = await generateBenchmark({ ...options, families: [...options.families] });
 * assert.equal(merged.manifest.completion_sha256, whole.manifest.completion_sha256);
 * ```
 */
export async function generateBenchmarkShard(options: GenerateShardOptions): Promise<BenchmarkShard> {
  const o = checkOptions("generateBenchmarkShard", GenerateShardSchema, options);
  // a shard header does not name a directory catalog, so the merge could not rebuild its manifest
  if (o.catalog !== undefined) throw new OptionsError("generateBenchmarkShard: catalog: a directory catalog is generated unsharded (the shards' merge reads the built-in catalog); drop the shard or the catalog");
  const plan = planOf("generateBenchmarkShard", o);
  const held = openGenerationShard(o.out, {
    format: GENERATION_SHARD_FORMAT,
    shard: o.shard,
    generator: { name: "mechbench", version: GENERATOR_VERSION },
    catalog_sha256: catalogSha256(),
    settings: settingsOf(plan),
  }, o.force);
  const ids = plan.mechanisms.map((m) => m.id);
  const mine = ids.flatMap((m) => plan.families.filter((f) => inShard(poolUnit(m, f.id), o.shard)).map((f) => [m, f.id] as const));
  const todo = new Set(mine.filter(([m, f]) => !hasPool(held, m, f)).map(([m, f]) => poolUnit(m, f)));
  const out = o.out;
  const { pools, timings } = await poolsOf(plan, (m, f) => todo.has(poolUnit(m, f)), o, (p) => writePool(out, p));
  return {
    dir: out,
    shard: o.shard,
    pools: mine.length,
    allPools: ids.length * plan.families.length,
    alreadyThere: mine.length - todo.size,
    generatedNow: todo.size,
    tasksNow: pools.reduce((n, p) => n + p.admitted.length, 0),
    timings,
  };
}

/**
 * Joins the shard directories of one sharded generation into the benchmark the unsharded
 * generation writes, byte for byte, in `out` (as `mech merge` does).
 *
 * @param dirs Every shard directory of the generation, in any order.
 * @param out A new or empty directory for the benchmark.
 * @returns The merged benchmark (its `dir` is `out`).
 * @throws {ShardError} When a shard is missing, unfinished, duplicated, or of another generation, or `out` is not empty.
 * @throws {StoreError} When a shard file cannot be read or `out` cannot be written.
 *
 * @example
 * ```ts
 * import { generateBenchmarkShard, mergeBenchmarkShards } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * await generateBenchmarkShard({ mechanisms: ["mechanics_damper"], families: ["necessity"], perLevel: 1, shard: { index: 1, count: 1 }, out: `${root}/s` });
 * const merged = mergeBenchmarkShards([`${root}/s`], `${root}/merged`);
 * assert.equal(merged.dir, `${root}/merged`);
 * ```
 */
export function mergeBenchmarkShards(dirs: readonly string[], out: string): Benchmark {
  if (!Array.isArray(dirs) || !dirs.length || dirs.some((d) => typeof d !== "string" || !d)) throw new OptionsError("mergeBenchmarkShards: dirs: expected the shard directories (at least one)");
  if (typeof out !== "string" || !out) throw new OptionsError("mergeBenchmarkShards: out: expected a directory");
  requireEmptyOut(out);
  const { generated, catalogSha256: catalog } = mergeGenerationShards(dirs);
  prepareOutputDir(out, false);
  const texts = benchmarkFiles(generated);
  const manifest = buildManifest(generated, texts, catalog, FAMILIES.filter((f) => generated.settings.families.includes(f.id)), { sizes: builtinSizes });
  writeBenchmark(out, texts, manifest);
  return { dir: out, manifest, texts, tasks: generated.tasks, solutions: generated.solutions, problems: generated.problems };
}

/**
 * Writes a benchmark to a directory as `mech generate` does (files first, the manifest last,
 * each atomically).
 *
 * @param dir The directory: created when missing; refused when not empty unless `force`.
 * @param benchmark A benchmark from generateBenchmark or loadBenchmark.
 * @param options `force` replaces a benchmark already there.
 * @throws {StoreError} When the directory is not empty (without force) or cannot be written.
 *
 * @example
 * ```ts
 * import { generateBenchmark, loadBenchmark, saveBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * saveBenchmark(dir, benchmark, { force: true });
 * assert.equal(loadBenchmark(dir).manifest.completion_sha256, benchmark.manifest.completion_sha256);
 * ```
 */
export function saveBenchmark(dir: string, benchmark: Benchmark, options: { force?: boolean } = {}): void {
  prepareOutputDir(dir, options.force ?? false);
  writeBenchmark(dir, benchmark.texts, benchmark.manifest);
}

/**
 * Reads and validates a benchmark directory (every line of every file).
 *
 * @param dir A directory `mech generate` or saveBenchmark wrote.
 * @returns The benchmark.
 * @throws {StoreError} Naming the file, line and JSON path of the first problem.
 *
 * @example
 * ```ts
 * import { loadBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => loadBenchmark("no/such/dir"), /no such directory/);
 * ```
 */
export function loadBenchmark(dir: string): Benchmark {
  return readBenchmark(dir);
}

/**
 * Verifies a benchmark as `mech tasks verify` does: file and completion hashes, every
 * prompt header and token count, and every gold recomputed from the built-in catalog. The
 * golds of one mechanism are rechecked with shared simulation sessions (built from the
 * catalog alone), one unit of work per mechanism, spread over `jobs` workers.
 *
 * @param benchmark A benchmark (generated or loaded).
 * @param options `onProgress(done, total)` as tasks are rechecked; `catalog`, the directory a benchmark generated with `catalog` came from (default the built-in catalog); `jobs`, Web Workers to spread the rechecks over (default 1: this thread; the findings are the same for any number); `signal` stops it.
 * @returns The findings (empty when the benchmark is what it claims), tasks and golds checked.
 * @throws {OptionsError} For a malformed option.
 * @throws {UnitError} When a worker fails (the message names its mechanism).
 *
 * @example
 * ```ts
 * import { generateBenchmark, verifyBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * assert.deepEqual((await verifyBenchmark(benchmark)).findings, []);
 * ```
 */
export async function verifyBenchmark(benchmark: Benchmark, options: { onProgress?: (done: number, total: number) => void; catalog?: string; jobs?: number; signal?: AbortSignal } = {}): Promise<VerifyResult> {
  const o = checkOptions("verifyBenchmark", VerifyOptions, options);
  const catalog = catalogView(o.catalog);
  const solutions = new Map(benchmark.solutions.map((s) => [s.task_id, s]));
  // one unit per mechanism, in order of first appearance; the catalog's models go to every worker
  const models: MechanismModel[] = [];
  const modelIndex = new Map<string, number>();
  const units = new Map<string, { unit: VerifyUnit; lines: number[] }>();
  benchmark.tasks.forEach((t, i) => {
    let u = units.get(t.mechanism);
    if (!u) {
      const model = catalog.mechanism(t.mechanism);
      if (model && !modelIndex.has(model.id)) modelIndex.set(model.id, models.push(model) - 1);
      units.set(t.mechanism, u = { unit: { model: model ? modelIndex.get(model.id)! : -1, tasks: [] }, lines: [] });
    }
    const audit = solutions.get(t.task_id)?.audit;
    u.unit.tasks.push({ family: t.family, prompt: t.prompt, ...(audit !== undefined ? { audit } : {}) });
    u.lines.push(i);
  });
  const plan = [...units.entries()];
  const checks: TaskCheck[] = new Array(benchmark.tasks.length);
  let done = 0;
  await runUnits({ entry: VERIFY_WORKER, init: { models }, units: plan.map(([, u]) => u.unit), handler: verifyHandler, name: (_, k) => `mechanism ${plan[k][0]}` }, {
    jobs: o.jobs,
    ...(o.signal ? { signal: o.signal } : {}),
    onEvent: () => o.onProgress?.(++done, benchmark.tasks.length),
    onResult: (r, k) => r.forEach((c, j) => (checks[plan[k][1].lines[j]] = c)),
  });
  return verifyAgainst(benchmark, catalog, checks);
}

const VerifyOptions = z.object({
  onProgress: fn<(done: number, total: number) => void>().optional(),
  catalog: z.string().min(1).optional(),
  jobs: JOBS,
  signal: SIGNAL,
}).strict();

/** The built-in catalog's mechanism sizes. */
const builtinSizes = (id: string) => {
  const m = builtinMechanism(id);
  return m && mechanismSize(m);
};

/** The catalog a benchmark is checked against: the built-in one, or a directory. */
function catalogView(dir: string | undefined): { sha256: string; mechanism(id: string): MechanismModel | undefined } {
  if (dir === undefined) return { sha256: catalogSha256(), mechanism: builtinMechanism };
  if (typeof dir !== "string" || !dir) throw new OptionsError("catalog: expected a directory");
  const c = loadCatalogDirectory(dir);
  const byId = new Map(c.mechanisms.map((m) => [m.id, m]));
  return { sha256: c.sha256, mechanism: (id) => byId.get(id) };
}

/**
 * The shortcut measures of a benchmark, as `mech tasks stats --quality` prints them: per
 * family the easy routes to its answers (by level, by mechanism and in all) and the goals
 * they are held to. Render them with qualityLines.
 *
 * @param benchmark A benchmark (generated or loaded).
 * @param options `catalog`: the directory the benchmark was generated from (default the built-in catalog).
 * @returns The measures and goals.
 * @throws {StoreError} When the benchmark names a mechanism the catalog does not hold.
 *
 * @example
 * ```ts
 * import { benchmarkQuality, generateBenchmark, qualityLines } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const quality = benchmarkQuality(benchmark);
 * assert.ok(quality.goals.length > 0);
 * console.log(qualityLines(quality).join("\n"));
 * ```
 */
export function benchmarkQuality(benchmark: Pick<Benchmark, "tasks" | "solutions">, options: { catalog?: string } = {}): QualityReport {
  const view = catalogView(options.catalog);
  return qualityReport({ tasks: benchmark.tasks, solutions: benchmark.solutions }, (id) => view.mechanism(id));
}

/** The items of a comma-separated list: trimmed, empty ones dropped, each once. */
function splitList(text: string, option: string): string[] {
  if (typeof text !== "string") throw new OptionsError(`${option}: expected a comma-separated list`);
  const items = text.split(",").map((s) => s.trim()).filter(Boolean);
  if (!items.length) throw new OptionsError(`${option}: empty list`);
  return [...new Set(items)];
}

/**
 * Task family ids from a comma-separated list (a command-line flag, a configuration field),
 * in the registry's order (Table 1), each once.
 *
 * @param text The list, e.g. "transition, necessity".
 * @param option The option's name in messages (default "families").
 * @returns The family ids.
 * @throws {OptionsError} For an empty list or an unknown family (naming the ones there are).
 *
 * @example
 * ```ts
 * import { parseFamilyList } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseFamilyList("transition, necessity"), ["necessity", "transition"]);
 * assert.throws(() => parseFamilyList("necessity,bogus", "--families"), /--families: unknown family "bogus"/);
 * ```
 */
export function parseFamilyList(text: string, option = "families"): FamilyId[] {
  const ids = splitList(text, option);
  for (const id of ids) if (!(FAMILY_IDS as readonly string[]).includes(id)) throw new OptionsError(`${option}: unknown family "${id}" (expected ${oneOf(FAMILIES.map((f) => f.id))})`);
  return FAMILIES.filter((f) => ids.includes(f.id)).map((f) => f.id);
}

/**
 * Built-in mechanism ids from a comma-separated list, in the catalog's order, each once.
 *
 * @param text The list, e.g. "thermal_two_masses,mechanics_damper".
 * @param option The option's name in messages (default "mechanisms").
 * @returns The mechanism ids.
 * @throws {OptionsError} For an empty list or a mechanism the catalog does not hold.
 *
 * @example
 * ```ts
 * import { parseMechanismList } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(parseMechanismList("thermal_two_masses,mechanics_damper"), ["mechanics_damper", "thermal_two_masses"]);
 * assert.throws(() => parseMechanismList("nope"), /mechanisms: unknown mechanism "nope"/);
 * ```
 */
export function parseMechanismList(text: string, option = "mechanisms"): string[] {
  const all = builtinMechanismIds();
  const ids = splitList(text, option);
  for (const id of ids) if (!all.includes(id)) throw new OptionsError(`${option}: unknown mechanism "${id}" (expected ${oneOf(all, 40)})`);
  return all.filter((id) => ids.includes(id));
}
