// Evaluating a model on the MechReasoner benchmark from a script, through the runner
// `mech eval` uses: the same run directory and records, resume after a kill, the response
// cache, failure classes, concurrency, deadlines and progress events. The model is an
// endpoint, an in-process baseline, or a TypeScript function (ModelFunction).
import { z } from "zod";
import { FunctionModelClient, type ModelFunction } from "../llm/function_client.ts";
import { OpenAIModelClient, requiresApiKey } from "../llm/openai_client.ts";
import type { ModelClient } from "../llm/model.ts";
import { BaselineClient } from "../eval/baseline_client.ts";
import { FileResponseCache, type ResponseCache } from "../eval/cache.ts";
import type { EvalItem } from "../eval/items.ts";
import { baselineOf, itemsOfRun, planRun } from "../eval/plan.ts";
import { BUILTIN_PROFILES, mergeProfiles, type Profiles, ProfilesOverride } from "../eval/profiles.ts";
import { type ItemRecord, type RunConfig, samplesOf } from "../eval/run_records.ts";
import { openRun, type OpenedRun, readRun } from "../eval/run_store.ts";
import { latestBySample, MAX_SAMPLES } from "../eval/record_kinds.ts";
import { type FamilySampleScores, familySampleScores } from "../eval/samples.ts";
import { type EvalProgress, runEval, type EvalRunSummary } from "../eval/runner.ts";
import { familyMetrics, type Metrics, type Price, runScoreFields, type ScoredRun, scoreSampleRecords, type TokenTotals, tokenTotals } from "../eval/score.ts";
import { metricsLines, runHeadline, sampleLines, table5Lines, table6Lines, tokenLines } from "../eval/tables.ts";
import { mergeEvalShards } from "../eval/merge.ts";
import type { FailureClass } from "../eval/record_kinds.ts";
import { analyze, type Analysis, majorityRecords } from "../eval/analysis.ts";
import { reportData } from "../eval/report.ts";
import { htmlPage, markdownPage } from "../report/page.ts";
import { BASELINES } from "../eval/baseline_client.ts";
import { FAMILY_IDS, type FamilyId } from "../tasks/family.ts";
import { readTaskSet, type TaskSet } from "../tasks/store.ts";
import type { Manifest } from "../tasks/records.ts";
import { DEFAULT_RATE_LIMIT_ATTEMPTS } from "../eval/defaults.ts";
import { Shard } from "../shard/shard.ts";
import { OptionsError } from "../files/errors.ts";
import { checkOptions, SIGNAL } from "./options.ts";

/** A model behind an OpenAI-compatible Chat Completions endpoint. */
export interface EndpointModel {
  /** The model name the endpoint knows. */
  id: string;
  /** The endpoint's base URL (default https://api.openai.com/v1). */
  baseUrl?: string;
  /** The API key (servers that ignore it need none). Read it from the environment yourself. */
  apiKey?: string;
  /** The environment variable the key came from, recorded in run.json (never the key). */
  apiKeyEnv?: string;
  /** Milliseconds per request, from sending it to the last byte of the response, before it fails as a timeout (default 10 minutes). */
  timeoutMs?: number;
  /** The largest response body accepted, bytes; a larger one is cut off as it streams in and fails as "oversize" (default: 1 MiB + 64 bytes per token of the output cap). */
  maxResponseBytes?: number;
}

/** A model written as a TypeScript function (see ModelFunction). */
export interface FunctionModel {
  /** The id runs and the response cache record; change it whenever the function changes. */
  id: string;
  /** The function: a request in, a reply (or its text) out. */
  function: ModelFunction;
  /** Milliseconds per request before it fails as a timeout and its signal is aborted (default none). */
  timeoutMs?: number;
}

/** One of the in-process baselines: "majority" (Table 5's constant answers) or "replay" (the gold). */
export interface BaselineModel {
  /** Which baseline. */
  baseline: "majority" | "replay";
}

/** The model of an evaluation. */
export type EvalModel = EndpointModel | FunctionModel | BaselineModel;

/** What a benchmark may be given as: a loaded or generated value, or a directory. */
export type BenchmarkSource = Pick<TaskSet, "dir" | "manifest" | "tasks" | "solutions"> | string;

/** What evaluate runs. Defaults are `mech eval`'s. */
export interface EvaluateOptions {
  /**
   * The benchmark: from generateBenchmark or loadBenchmark, or a benchmark directory.
   * Required unless `resume` is given (then the run's own benchmark directory is read when
   * this is absent).
   */
  benchmark?: BenchmarkSource;
  /**
   * The model: an endpoint, a function, or a baseline. Required unless `resume` is given;
   * with `resume`, a function model must be given again (the run records only its id), and
   * any model given must be the run's.
   */
  model?: EvalModel;
  /**
   * Continue the run in this directory with its own settings from its run.json (model,
   * endpoint, benchmark, selection, request controls), as `mech eval --retry-failed DIR`
   * does with `retryFailed: true`. `out`, the selection and the request settings are not
   * given then.
   */
  resume?: string;
  /** Milliseconds per request (to the last byte of the response) before it fails as a timeout, for a model that sets no `timeoutMs` of its own. */
  timeoutMs?: number;
  /** The response-size limit in bytes, for an endpoint model that sets no `maxResponseBytes` of its own. */
  maxResponseBytes?: number;
  /**
   * Reads the API key of an endpoint model that gives no `apiKey`, from the variable the run
   * names (`model.apiKeyEnv`, or a resumed run's run.json); `endpoint` is the run's endpoint.
   * The library never reads the environment itself: pass for example
   * `(variable) => Deno.env.get(variable)`.
   */
  apiKeyFrom?: (variable: string, endpoint: string) => string | undefined;
  /** The run directory (created, or resumed when it holds the same run). Absent: the run is kept in memory only. */
  out?: string;
  /**
   * A response cache: a directory (shared between runs), a ResponseCache, or a function that
   * chooses one (or null: none) once the run's configuration is known; absent: none. Baselines
   * use none, and the function is not called for them.
   */
  cache?: string | ResponseCache | ((config: RunConfig) => string | ResponseCache | null);
  /** Only these families (default all). */
  families?: readonly string[];
  /** Only these mechanisms (default all). */
  mechanisms?: readonly string[];
  /** At most this many items, the first in benchmark order after the filters. */
  limit?: number;
  /** Only shard `index` of `count` (1-based), after the filters and the limit. */
  shard?: { index: number; count: number };
  /** Requests in flight at once (default 20). */
  concurrency?: number;
  /** The requested output limit (default 20,000; the model's profile may lower it). */
  maxOutputTokens?: number;
  /** Sampling temperature (default 0); null sends none. */
  temperature?: number | null;
  /** Reasoning effort for models that take it (default "low"); null sends none. */
  reasoningEffort?: "minimal" | "low" | "medium" | "high" | null;
  /** Ask for a JSON object response format (default false). */
  jsonObject?: boolean;
  /**
   * Independent requests per item at the run's settings (default 1, at most 100): each
   * (item, sample) is a request and a record of its own, resumed and retried on its own.
   */
  samples?: number;
  /** Request profiles beside the built-in ones (the shape of `mech eval --profiles`). */
  profiles?: unknown;
  /** Send again the items whose latest record is an infrastructure failure. */
  retryFailed?: boolean;
  /** Attempts per item while the model answers rate_limit (default 20). */
  rateLimitAttempts?: number;
  /** Stops the run: items in flight are abandoned without a record and stay pending. */
  signal?: AbortSignal;
  /** Called when the run starts and after each item. */
  onProgress?: (progress: EvalProgress) => void;
  /** Called once when another process holds the run directory's lock and the run waits for it. */
  onLockWait?: () => void;
  /** Called once the run is open (its directory locked), before the model is set up and anything is sent. */
  onOpen?: (run: OpenEvaluation) => void;
}

/** A run just opened by evaluate, before anything is sent. */
export interface OpenEvaluation {
  /** The run directory, or null for a run kept in memory. */
  dir: string | null;
  /** The run's identity and settings (run.json). */
  config: RunConfig;
  /** Warnings about the run directory (a cut-off last line, dropped). */
  warnings: string[];
  /** How many items the run sends in all (finished ones included). */
  items: number;
}

/** A model run: its configuration, the items it sends, every record, and what this call did. */
export interface Evaluation {
  /** The run directory, or null for a run kept in memory. */
  dir: string | null;
  /** The run's identity and settings (run.json). */
  config: RunConfig;
  /** The benchmark's manifest. */
  manifest: Manifest;
  /** Every item of the benchmark (baselines are fitted to all of them). */
  all: EvalItem[];
  /** The items this run sends, in benchmark order. */
  items: EvalItem[];
  /** Every record of the run in file order, earlier sessions' included. */
  records: ItemRecord[];
  /** Warnings about the run directory (a cut-off last line). */
  warnings: string[];
  /** What this call did; null for a run read with loadEvaluation. */
  summary: EvalRunSummary | null;
}

const fnSchema = z.custom<(...a: never[]) => unknown>((v) => typeof v === "function", "expected a function");
const Model = z.union([
  z.object({ id: z.string().min(1), function: fnSchema, timeoutMs: z.number().positive().optional() }).strict(),
  z.object({ id: z.string().min(1), baseUrl: z.string().min(1).optional(), apiKey: z.string().optional(), apiKeyEnv: z.string().min(1).optional(), timeoutMs: z.int().positive().optional(), maxResponseBytes: z.int().positive().optional() }).strict(),
  z.object({ baseline: z.enum(BASELINES) }).strict(),
], { error: "expected {id, function} for a function model, {id, baseUrl?, apiKey?} for an endpoint, or {baseline: \"majority\" | \"replay\"}" });

const Options = z.object({
  benchmark: z.union([z.string().min(1), z.object({ dir: z.string(), manifest: z.object({}).loose(), tasks: z.array(z.unknown()), solutions: z.array(z.unknown()) }).loose()], { error: "expected a benchmark (generateBenchmark, loadBenchmark) or a benchmark directory" }).optional(),
  model: Model.optional(),
  resume: z.string().min(1).optional(),
  timeoutMs: z.int().positive().optional(),
  maxResponseBytes: z.int().positive().optional(),
  apiKeyFrom: fnSchema.optional(),
  out: z.string().min(1).optional(),
  cache: z.union([z.string().min(1), fnSchema, z.custom<ResponseCache>((v) => typeof v === "object" && v !== null && typeof (v as ResponseCache).get === "function" && typeof (v as ResponseCache).put === "function")], { error: "expected a directory, a ResponseCache or a function choosing one" }).optional(),
  families: z.array(z.enum(FAMILY_IDS)).min(1).optional(),
  mechanisms: z.array(z.string().min(1)).min(1).optional(),
  limit: z.int().positive().optional(),
  shard: Shard.optional(),
  concurrency: z.int().min(1).max(256).default(20),
  maxOutputTokens: z.int().positive().default(20_000),
  temperature: z.number().min(0).max(2).nullable().default(0),
  reasoningEffort: z.enum(["minimal", "low", "medium", "high"]).nullable().default("low"),
  jsonObject: z.boolean().default(false),
  samples: z.int().min(1).max(MAX_SAMPLES).default(1),
  profiles: z.unknown().optional(),
  retryFailed: z.boolean().default(false),
  rateLimitAttempts: z.int().positive().default(DEFAULT_RATE_LIMIT_ATTEMPTS),
  signal: SIGNAL,
  onProgress: fnSchema.optional(),
  onLockWait: fnSchema.optional(),
  onOpen: fnSchema.optional(),
}).strict();

/** What a resumed run takes from its run.json, so the options may not give it. */
const FIXED_ON_RESUME = ["out", "families", "mechanisms", "limit", "shard", "maxOutputTokens", "temperature", "reasoningEffort", "jsonObject", "samples", "profiles"] as const;

const taskSetOf = (b: BenchmarkSource): TaskSet => (typeof b === "string" ? readTaskSet(b) : b);

const modelName = (m: EvalModel): string => ("baseline" in m ? `baseline:${m.baseline}` : m.id);

type Checked = z.output<typeof Options>;

function clientOf(m: EvalModel, all: readonly EvalItem[], config: RunConfig, o: Checked): ModelClient {
  if ("baseline" in m) return new BaselineClient(m.baseline, all);
  const timeoutMs = m.timeoutMs ?? o.timeoutMs;
  if ("function" in m) return new FunctionModelClient(m.function, { model: m.id, timeoutMs });
  const variable = config.api_key_env ?? m.apiKeyEnv;
  let apiKey = m.apiKey;
  if (!apiKey && variable && o.apiKeyFrom) apiKey = (o.apiKeyFrom as NonNullable<EvaluateOptions["apiKeyFrom"]>)(variable, config.endpoint);
  if (!apiKey && requiresApiKey(config.endpoint)) throw new OptionsError(`evaluate: model.apiKey: ${config.endpoint} needs an API key (give model.apiKey${variable ? `, or apiKeyFrom to read ${variable}` : ""})`);
  const maxResponseBytes = m.maxResponseBytes ?? o.maxResponseBytes;
  return new OpenAIModelClient({ model: m.id, baseURL: config.endpoint, apiKey: apiKey || "unused", timeoutMs, extraBody: config.request, ...(maxResponseBytes !== undefined ? { maxResponseBytes } : {}) });
}

function cacheOf(m: EvalModel, config: RunConfig, c: Checked["cache"]): ResponseCache | null {
  if ("baseline" in m) return null;
  const chosen = typeof c === "function" ? (c as (config: RunConfig) => string | ResponseCache | null)(config) : c;
  return typeof chosen === "string" ? new FileResponseCache(chosen) : chosen ?? null;
}

/** The model of a resumed run: the one given (checked to be the run's), or rebuilt from run.json. */
function modelOfRun(dir: string, config: RunConfig, given: EvalModel | undefined): EvalModel {
  if (given) {
    if (modelName(given) !== config.model) throw new OptionsError(`evaluate: model: ${dir} is a run of ${config.model}, not of ${modelName(given)}`);
    if ("function" in given !== config.endpoint.startsWith("function:")) throw new OptionsError(`evaluate: model: ${dir} is a run of ${config.model} at ${config.endpoint}; give that model`);
    return given;
  }
  const baseline = baselineOf(config.model);
  if (baseline) return { baseline };
  if (config.endpoint.startsWith("function:")) throw new OptionsError(`evaluate: model: ${dir} is a run of the function model ${config.model}; give it again as model: {id, function}`);
  return { id: config.model, baseUrl: config.endpoint, ...(config.api_key_env ? { apiKeyEnv: config.api_key_env } : {}) };
}

/** Profiles beside the built-in ones, checked like `mech eval --profiles`. */
function profilesOf(p: unknown): Profiles {
  if (p === undefined) return BUILTIN_PROFILES;
  const r = ProfilesOverride.safeParse(p);
  if (!r.success) throw new OptionsError(`evaluate: profiles: ${r.error.issues[0].path.join(".")}: ${r.error.issues[0].message} (expected {default?, models?: {MODEL: profile}})`);
  return mergeProfiles(BUILTIN_PROFILES, r.data);
}

/**
 * Evaluates a model on a benchmark through the runner of `mech eval`. With `out`, the run
 * lives in that directory (run.json, records.jsonl, a lock while running) and is resumed by
 * calling again with the same options, or with `resume` and the run's own settings:
 * finished items are never sent again, a response paid for is never lost (the cache is
 * written before the record). Without `out` the records stay in memory. A request that
 * fails is recorded as an infrastructure failure of its class (a function that throws:
 * "evaluator"; a deadline passed: "timeout"; a ModelError: its kind) and sent again only
 * with `retryFailed`. An aborted `signal` stops the run: items in flight get no record and
 * stay pending (`summary.pending`).
 *
 * @param options The benchmark, the model, and `mech eval`'s settings; or `resume` and a run directory.
 * @returns The run: configuration, items, records, and what this call sent.
 * @throws {OptionsError} For a malformed option (the message names it), a resumed run given settings of its own, or an endpoint that needs an API key given none.
 * @throws {RunError} When `out` holds a different run or cannot be written, or `resume` holds no run.
 * @throws {StoreError} When the benchmark directory cannot be read.
 * @throws {SelectionError} When a family or mechanism is not in the benchmark, or the benchmark is not the run's.
 *
 * @example A function model, in memory
 * ```ts
 * import { evaluate, generateBenchmark, scoreEvaluation } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const run = await evaluate({
 *   benchmark,
 *   model: { id: "always-empty", function: () => '{"answer": {}}' },
 * });
 * assert.equal(run.summary?.sent, run.items.length);
 * console.log(scoreEvaluation(run).families.at(-1));
 * ```
 *
 * @example Three samples per item: every sample its own request and record, then the sample scores
 * ```ts
 * import { evaluate, generateBenchmark, scoreEvaluation } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const run = await evaluate({
 *   benchmark,
 *   samples: 3,
 *   temperature: 1,
 *   // a function model sees which sample it answers
 *   model: { id: "second-thoughts", function: (request) => (request.sample === 1 ? "no idea" : '{"answer": {}}') },
 * });
 * assert.equal(run.records.length, 3 * run.items.length);
 * const { samples } = scoreEvaluation(run);
 * assert.equal(samples?.samples, 3);
 * console.log(samples?.families.at(-1)); // mean, majority-vote and pass@k accuracy, agreement
 * ```
 *
 * @example A run directory: a failure recorded, then sent again from the run's own settings
 * ```ts
 * import { evaluate, generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const out = await Deno.makeTempDir();
 * let calls = 0;
 * const flaky = () => {
 *   if (++calls === 1) throw new Error("the service hiccuped");
 *   return '{"answer": {}}';
 * };
 * const first = await evaluate({ benchmark, model: { id: "flaky", function: flaky }, out, concurrency: 1 });
 * assert.deepEqual(first.summary?.failures, { evaluator: 1 });
 * const retried = await evaluate({ resume: out, benchmark, model: { id: "flaky", function: flaky }, retryFailed: true });
 * assert.equal(retried.summary?.sent, 1);
 * assert.deepEqual(retried.summary?.failures, {});
 * ```
 */
export async function evaluate(options: EvaluateOptions): Promise<Evaluation> {
  const o = checkOptions("evaluate", Options, options);
  let run: OpenedRun, set: TaskSet, model: EvalModel, all: EvalItem[], items: EvalItem[];
  if (o.resume !== undefined) {
    const fixed = FIXED_ON_RESUME.find((k) => options[k] !== undefined);
    if (fixed) throw new OptionsError(`evaluate: ${fixed}: a resumed run keeps its own settings (its run.json); drop ${fixed}`);
    run = await openRun(o.resume, null, lockWait(o.onLockWait));
    try {
      set = taskSetOf(options.benchmark ?? run.config.tasks.dir);
      ({ all, items } = itemsOfRun(set, run.config));
      model = modelOfRun(o.resume, run.config, options.model);
    } catch (e) {
      run.close();
      throw e;
    }
  } else {
    if (options.benchmark === undefined) throw new OptionsError("evaluate: benchmark: expected a benchmark (generateBenchmark, loadBenchmark) or a benchmark directory, or resume: a run directory");
    if (options.model === undefined) throw new OptionsError("evaluate: model: expected {id, function} for a function model, {id, baseUrl?, apiKey?} for an endpoint, or {baseline: \"majority\" | \"replay\"}");
    const m = model = options.model; // the checked copy holds the same function and fields
    set = taskSetOf(options.benchmark);
    const plan = planRun({
      set,
      selection: { families: o.families ? FAMILY_IDS.filter((f) => o.families!.includes(f)) : null, mechanisms: o.mechanisms ? [...new Set(o.mechanisms)] : null, limit: o.limit ?? null, ...(o.shard ? { shard: o.shard } : {}) },
      model: modelName(m),
      // a function model's "endpoint" is the function itself, named by its id
      baseUrl: "function" in m ? `function:${m.id}` : "baseline" in m ? null : m.baseUrl ?? null,
      apiKeyEnv: "function" in m || "baseline" in m ? null : m.apiKeyEnv ?? null,
      settings: { max_output_tokens: o.maxOutputTokens, temperature: o.temperature, reasoning_effort: o.reasoningEffort, json_object: o.jsonObject },
      samples: o.samples,
      profiles: profilesOf(o.profiles),
    });
    ({ all, items } = plan);
    run = o.out === undefined ? memoryRun(plan.config) : await openRun(o.out, plan.config, lockWait(o.onLockWait));
  }
  const dir = o.resume ?? o.out ?? null;
  try {
    options.onOpen?.({ dir, config: run.config, warnings: [...run.warnings], items: items.length });
    const client = clientOf(model, all, run.config, o);
    const cache = cacheOf(model, run.config, o.cache);
    const added: ItemRecord[] = [];
    const summary = await runEval({
      items,
      client,
      endpoint: run.config.endpoint,
      controls: run.config.request,
      cache,
      existing: run.records,
      append: (r) => {
        run.append(r);
        added.push(r);
      },
      concurrency: o.concurrency,
      samples: samplesOf(run.config),
      retryFailed: o.retryFailed,
      rateLimitAttempts: o.rateLimitAttempts,
      signal: o.signal,
      onProgress: options.onProgress,
    });
    return { dir, config: run.config, manifest: set.manifest, all, items, records: [...run.records, ...added], warnings: run.warnings, summary };
  } finally {
    run.close();
  }
}

function memoryRun(config: RunConfig): OpenedRun {
  return { dir: "", config, records: [], warnings: [], append: () => {}, close: () => {} };
}

function lockWait(onWait: (() => void) | undefined): (ms: number) => Promise<void> {
  let said = false;
  return (ms) => {
    if (!said) onWait?.();
    said = true;
    return new Promise((r) => setTimeout(r, ms));
  };
}

/**
 * Reads a run directory `mech eval` or evaluate wrote, with the benchmark it used (its
 * recorded directory, or the one given), checked to be the same release.
 *
 * @param dir The run directory.
 * @param options `benchmark`: the benchmark when it is not at the directory the run recorded.
 * @returns The run, with `summary` null.
 * @throws {RunError} When the directory holds no run or a record is malformed.
 * @throws {SelectionError} When the benchmark is not the one the run used.
 *
 * @example
 * ```ts
 * import { evaluate, generateBenchmark, loadEvaluation } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const out = await Deno.makeTempDir();
 * await evaluate({ benchmark, model: { baseline: "replay" }, out });
 * const again = loadEvaluation(out, { benchmark });
 * assert.equal(again.records.length, again.items.length);
 * ```
 */
export function loadEvaluation(dir: string, options: { benchmark?: BenchmarkSource } = {}): Evaluation {
  const { config, records, warnings } = readRun(dir);
  const set = taskSetOf(options.benchmark ?? config.tasks.dir);
  const { all, items } = itemsOfRun(set, config);
  return { dir, config, manifest: set.manifest, all, items, records, warnings, summary: null };
}

/**
 * Reads run directories as `mech eval score` and `mech eval report` do: each with the
 * benchmark it recorded (each benchmark directory read once) or the one given, checked to
 * be the same release.
 *
 * @param dirs Run directories of `mech eval` or evaluate.
 * @param options `benchmark`: the runs' benchmark when it is not at the directory they recorded; `onWarning`: each warning about a run directory, as it is read.
 * @returns The runs, in the order given, each with `summary` null.
 * @throws {RunError} When a directory holds no run or a record is malformed.
 * @throws {StoreError} When a benchmark directory cannot be read.
 * @throws {SelectionError} When a benchmark is not the one a run used.
 *
 * @example
 * ```ts
 * import { evaluate, generateBenchmark, loadEvaluations } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const root = await Deno.makeTempDir();
 * await evaluate({ benchmark, model: { baseline: "replay" }, out: `${root}/replay` });
 * await evaluate({ benchmark, model: { baseline: "majority" }, out: `${root}/majority` });
 * const runs = loadEvaluations([`${root}/replay`, `${root}/majority`], { benchmark });
 * assert.deepEqual(runs.map((r) => r.config.model), ["baseline:replay", "baseline:majority"]);
 * ```
 */
export function loadEvaluations(dirs: readonly string[], options: { benchmark?: BenchmarkSource; onWarning?: (warning: string) => void } = {}): Evaluation[] {
  const sets = new Map<string, TaskSet>();
  return dirs.map((dir) => {
    const { config, records, warnings } = readRun(dir);
    for (const w of warnings) options.onWarning?.(w);
    const source = options.benchmark ?? config.tasks.dir;
    let set: TaskSet;
    if (typeof source === "string") {
      set = sets.get(source) ?? readTaskSet(source);
      sets.set(source, set);
    } else set = source;
    const { all, items } = itemsOfRun(set, config);
    return { dir, config, manifest: set.manifest, all, items, records, warnings, summary: null };
  });
}

/** What mergeEvaluationShards made: the merged run and what it still lacks. */
export interface MergedEvaluation {
  /** The merged run, read back from its directory. */
  run: Evaluation;
  /** Items no shard has a record of (only with `allowUnfinished`): run the unsharded evaluation on the merged directory to finish them. */
  missing: number;
  /** Warnings about the shard directories (a cut-off last line, dropped). */
  warnings: string[];
}

/**
 * Joins the run directories of one sharded evaluation (evaluate or `mech eval` with a
 * shard) into the run directory the unsharded evaluation writes, as `mech merge` does: its
 * run.json without the shard, and every shard's records. The merged run resumes like any.
 *
 * @param dirs Every shard's run directory, in any order.
 * @param out A new or empty directory for the merged run.
 * @param options `benchmark`: the benchmark directory when the shards' has moved; `allowUnfinished`: merge shards with items still unanswered.
 * @returns The merged run, and how many items it still lacks.
 * @throws {ShardError} When a shard is missing, duplicated, unfinished (without `allowUnfinished`), or of another run, or `out` is not empty.
 * @throws {RunError} When a shard directory holds no run or cannot be read.
 *
 * @example
 * ```ts
 * import { evaluate, generateBenchmark, mergeEvaluationShards, saveBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const root = await Deno.makeTempDir();
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1, out: `${root}/bench` });
 * for (const index of [1, 2]) await evaluate({ benchmark, model: { baseline: "replay" }, shard: { index, count: 2 }, out: `${root}/shard${index}` });
 * const { run, missing } = await mergeEvaluationShards([`${root}/shard1`, `${root}/shard2`], `${root}/merged`);
 * assert.equal(missing, 0);
 * assert.equal(run.items.length, benchmark.tasks.length);
 * ```
 */
export async function mergeEvaluationShards(dirs: readonly string[], out: string, options: { benchmark?: string; allowUnfinished?: boolean } = {}): Promise<MergedEvaluation> {
  if (!Array.isArray(dirs) || !dirs.length || dirs.some((d) => typeof d !== "string" || !d)) throw new OptionsError("mergeEvaluationShards: dirs: expected the shards' run directories (at least one)");
  if (typeof out !== "string" || !out) throw new OptionsError("mergeEvaluationShards: out: expected a directory");
  const merged = await mergeEvalShards(dirs, out, { tasks: options.benchmark, allowUnfinished: options.allowUnfinished ?? false });
  return { run: loadEvaluation(out, { benchmark: options.benchmark }), missing: merged.missing, warnings: merged.warnings };
}

/** A run's scores as `mech eval score --json` prints them per run. */
export interface EvaluationScore {
  /** The run directory, or null for a run kept in memory. */
  dir: string | null;
  /** The model id. */
  model: string;
  /** The endpoint (`function:ID` for a function model, `baseline:NAME` for a baseline). */
  endpoint: string;
  /** Items of the run. */
  items: number;
  /** Items with no record yet (an unfinished run); not part of any family's counts. */
  missing: number;
  /** Per family present, then "all": counts, coverage, compliance, the accuracies and partial scores (paper A.3). */
  families: ({ family: FamilyId | "all" } & Metrics)[];
  /** Infrastructure failures by class. */
  failures: Partial<Record<FailureClass, number>>;
  /** Token totals of the responses (cached ones counted apart). */
  tokens: TokenTotals;
  /** With a price: the run's cost in USD. */
  cost_usd?: number;
  /**
   * A run of several samples per item only: K, the (item, sample) requests without a record,
   * and per family the mean accuracy, majority-vote accuracy, pass@1 … pass@K and agreement.
   * The family rows above then count every sample's record.
   */
  samples?: { samples: number; missing_requests: number; families: FamilySampleScores[] };
}

/** A run's records judged per (item, sample), with each sample's latest record (what the report and the viewer read). */
export function judgedRun(run: Evaluation): { bySample: Map<string, ItemRecord>[]; scored: ScoredRun } {
  const bySample = latestBySample(run.records, samplesOf(run.config));
  return { bySample, scored: scoreSampleRecords(run.config.model, run.items, bySample) };
}

/**
 * Scores a run: the A.3 metrics per family and pooled, failures by class, tokens.
 *
 * @param run A run from evaluate or loadEvaluation.
 * @param options `price` per million input and output tokens, for the cost.
 * @returns The scores, as `mech eval score --json` prints them.
 *
 * @example
 * ```ts
 * import { evaluate, generateBenchmark, scoreEvaluation } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const run = await evaluate({ benchmark, model: { baseline: "replay" } });
 * const all = scoreEvaluation(run).families.at(-1)!;
 * assert.equal(all.family, "all");
 * assert.equal(all.e2e_accuracy, 1);
 * ```
 */
export function scoreEvaluation(run: Evaluation, options: { price?: Price } = {}): EvaluationScore {
  const { bySample, scored } = judgedRun(run);
  const fields = runScoreFields(scored, familyMetrics(scored.items), tokenTotals(bySample), options.price, samplesOf(run.config));
  return { dir: run.dir, model: run.config.model, endpoint: run.config.endpoint, ...fields };
}

/** The majority/constant baseline's metrics per family on these items (fitted to the whole release). */
function baselineMetrics(all: readonly EvalItem[], items: readonly EvalItem[]): Map<FamilyId | "all", Metrics> {
  return new Map(familyMetrics(majorityRecords(all, items)).map((r) => [r.family, r.metrics]));
}

/**
 * The scores of runs as `mech eval score` prints them, as Markdown text lines: per run its
 * headline, the A.3 metrics by family and Table 5's columns beside the majority baseline;
 * then Table 6 across the runs and their token use (with the cost where a price is known).
 *
 * @param runs Runs from evaluate, loadEvaluation or loadEvaluations.
 * @param options `prices`: per model id, USD per million input and output tokens.
 * @returns The lines, without line ends.
 *
 * @example
 * ```ts
 * import { evaluate, evaluationScoreLines, generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const run = await evaluate({ benchmark, model: { baseline: "replay" } });
 * const lines = evaluationScoreLines([run], { prices: { "baseline:replay": { input_per_million: 1, output_per_million: 2 } } });
 * assert.match(lines[0], /^baseline:replay \(memory\): \d+ items judged$/);
 * console.log(lines.join("\n"));
 * ```
 */
export function evaluationScoreLines(runs: readonly Evaluation[], options: { prices?: Readonly<Record<string, Price>> } = {}): string[] {
  const prices = options.prices ?? {};
  const results = runs.map((r) => {
    const { bySample, scored } = judgedRun(r);
    const price = Object.hasOwn(prices, r.config.model) ? prices[r.config.model] : undefined;
    return { r, scored, rows: familyMetrics(scored.items), tokens: tokenTotals(bySample), price, baseline: baselineMetrics(r.all, r.items) };
  });
  const out: string[] = [];
  for (const { r, scored, rows, baseline } of results) {
    const samples = samplesOf(r.config);
    out.push(runHeadline(scored, r.dir ?? "memory", samples), "", ...metricsLines(rows), "", ...table5Lines(r.config.model, rows, baseline), "");
    if (samples > 1) {
      out.push(`Repeated inference (${samples} samples per item; the tables above count every sample's record):`, "", ...sampleLines(familySampleScores(scored.items, samples)), "");
    }
  }
  out.push("End-to-end accuracy (%) by task family and model, protocol failures in parentheses (Table 6):", "");
  out.push(...table6Lines(results.map((x) => ({ model: x.r.config.model, rows: x.rows }))), "");
  out.push(...tokenLines(results.map((x) => ({ model: x.r.config.model, tokens: x.tokens, price: x.price }))));
  return out;
}

/** The analysis of runs on one benchmark and its report. */
export interface EvaluationReport {
  /** B1–B4 bins, cluster-bootstrap intervals and the regression (paper A.8). */
  analysis: Analysis;
  /** The report as one self-contained HTML page. */
  html: string;
  /** The report's tables as Markdown. */
  markdown: string;
}

/**
 * The analysis and report of one or more runs on the same benchmark, as `mech eval report`
 * writes them, from values.
 *
 * @param runs Runs of different models on one benchmark.
 * @param options Bootstrap replicates (default 10,000) and how many failures per model the report shows in full (default 100).
 * @returns The analysis, the HTML page and the Markdown tables.
 * @throws {OptionsError} When the runs used different benchmarks or one model appears twice.
 *
 * @example
 * ```ts
 * import { evaluate, evaluationReport, generateBenchmark } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper", "thermal_two_masses"], perLevel: 1 });
 * const runs = [
 *   await evaluate({ benchmark, model: { baseline: "replay" } }),
 *   await evaluate({ benchmark, model: { id: "empty", function: () => "{}" } }),
 * ];
 * const report = await evaluationReport(runs, { replicates: 200 });
 * assert.match(report.html, /^<!DOCTYPE html>/i);
 * console.log(report.markdown);
 * ```
 */
export async function evaluationReport(runs: readonly Evaluation[], options: { replicates?: number; maxDetails?: number } = {}): Promise<EvaluationReport> {
  if (!runs.length) throw new OptionsError("evaluationReport: runs: expected at least one run");
  const hashes = new Set(runs.map((r) => r.config.tasks.completion_sha256));
  if (hashes.size > 1) throw new OptionsError("evaluationReport: runs: the runs used different benchmarks; a report compares runs on one benchmark");
  const models = runs.map((r) => r.config.model);
  const twice = models.find((m, i) => models.indexOf(m) !== i);
  if (twice) throw new OptionsError(`evaluationReport: runs: two runs of ${twice}; a report shows each model once`);
  const judged = runs.map(judgedRun);
  const scored = runs.map((r, k) => ({ model: r.config.model, items: judged[k].scored.items }));
  const analysis = analyze({ all: runs[0].all, runs: scored, ...(options.replicates !== undefined ? { replicates: options.replicates } : {}) });
  const data = reportData({ analysis, manifest: runs[0].manifest, runs: runs.map((r, k) => ({ model: r.config.model, dir: r.dir ?? "(memory)", bySample: judged[k].bySample, items: r.items, scored: scored[k].items })), maxDetails: options.maxDetails ?? 100 });
  return { analysis, html: await htmlPage("MechReasoner report", data), markdown: markdownPage("MechReasoner report", data) };
}

