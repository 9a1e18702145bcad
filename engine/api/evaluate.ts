// Evaluating a model on the MechReasoner benchmark from a script, through the runner
// `mech eval` uses: the same run directory and records, resume after a kill, the response
// cache, failure classes, concurrency, deadlines and progress events. The model is an
// endpoint, an in-process baseline, or a TypeScript function (ModelFunction).
import { z } from "zod";
import { FunctionModelClient, type ModelFunction } from "../llm/function_client.ts";
import { OpenAIModelClient } from "../llm/openai_client.ts";
import type { ModelClient } from "../llm/model.ts";
import { BaselineClient } from "../eval/baseline_client.ts";
import { FileResponseCache, type ResponseCache } from "../eval/cache.ts";
import type { EvalItem } from "../eval/items.ts";
import { itemsOfRun, planRun } from "../eval/plan.ts";
import { BUILTIN_PROFILES, mergeProfiles, type Profiles, ProfilesOverride } from "../eval/profiles.ts";
import type { ItemRecord, RunConfig } from "../eval/run_records.ts";
import { latestRecords, openRun, type OpenedRun, readRun } from "../eval/run_store.ts";
import { type EvalProgress, runEval, type EvalRunSummary } from "../eval/runner.ts";
import { familyMetrics, type Metrics, type Price, runScoreFields, scoreRecords, type TokenTotals, tokenTotals } from "../eval/score.ts";
import type { FailureClass } from "../eval/record_kinds.ts";
import { analyze, type Analysis } from "../eval/analysis.ts";
import { reportData } from "../eval/report.ts";
import { htmlPage, markdownPage } from "../report/page.ts";
import { BASELINES } from "../eval/baseline_client.ts";
import { FAMILY_IDS, type FamilyId } from "../tasks/family.ts";
import { readTaskSet, type TaskSet } from "../tasks/store.ts";
import type { Manifest } from "../tasks/records.ts";
import { DEFAULT_RATE_LIMIT_ATTEMPTS } from "../eval/defaults.ts";
import { Shard } from "../shard/shard.ts";
import { OptionsError } from "../files/errors.ts";
import { checkOptions } from "./options.ts";

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
  /** Milliseconds per request before it fails as a timeout (default 10 minutes). */
  timeoutMs?: number;
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
  baseline: "majority" | "replay";
}

/** The model of an evaluation. */
export type EvalModel = EndpointModel | FunctionModel | BaselineModel;

/** What a benchmark may be given as: a loaded or generated value, or a directory. */
export type BenchmarkSource = Pick<TaskSet, "dir" | "manifest" | "tasks" | "solutions"> | string;

/** What evaluate runs. Defaults are `mech eval`'s. */
export interface EvaluateOptions {
  /** The benchmark: from generateBenchmark or loadBenchmark, or a benchmark directory. */
  benchmark: BenchmarkSource;
  /** The model: an endpoint, a function, or a baseline. */
  model: EvalModel;
  /** The run directory (created, or resumed when it holds the same run). Absent: the run is kept in memory only. */
  out?: string;
  /** A response cache: a directory (shared between runs) or a ResponseCache; absent: none. */
  cache?: string | ResponseCache;
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
  /** Request profiles beside the built-in ones (the shape of `mech eval --profiles`). */
  profiles?: unknown;
  /** Send again the items whose latest record is an infrastructure failure. */
  retryFailed?: boolean;
  /** Attempts per item while the model answers rate_limit (default 8). */
  rateLimitAttempts?: number;
  /** Stops the run: items in flight are abandoned without a record and stay pending. */
  signal?: AbortSignal;
  /** Called when the run starts and after each item. */
  onProgress?: (progress: EvalProgress) => void;
  /** Called once when another process holds the run directory's lock and the run waits for it. */
  onLockWait?: () => void;
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
  z.object({ id: z.string().min(1), baseUrl: z.string().min(1).optional(), apiKey: z.string().optional(), apiKeyEnv: z.string().min(1).optional(), timeoutMs: z.int().positive().optional() }).strict(),
  z.object({ baseline: z.enum(BASELINES) }).strict(),
], { error: "expected {id, function} for a function model, {id, baseUrl?, apiKey?} for an endpoint, or {baseline: \"majority\" | \"replay\"}" });

const Options = z.object({
  benchmark: z.union([z.string().min(1), z.object({ dir: z.string(), manifest: z.object({}).loose(), tasks: z.array(z.unknown()), solutions: z.array(z.unknown()) }).loose()], { error: "expected a benchmark (generateBenchmark, loadBenchmark) or a benchmark directory" }),
  model: Model,
  out: z.string().min(1).optional(),
  cache: z.union([z.string().min(1), z.custom<ResponseCache>((v) => typeof v === "object" && v !== null && typeof (v as ResponseCache).get === "function" && typeof (v as ResponseCache).put === "function", "expected a directory or a ResponseCache")]).optional(),
  families: z.array(z.enum(FAMILY_IDS)).min(1).optional(),
  mechanisms: z.array(z.string().min(1)).min(1).optional(),
  limit: z.int().positive().optional(),
  shard: Shard.optional(),
  concurrency: z.int().min(1).max(256).default(20),
  maxOutputTokens: z.int().positive().default(20_000),
  temperature: z.number().min(0).max(2).nullable().default(0),
  reasoningEffort: z.enum(["minimal", "low", "medium", "high"]).nullable().default("low"),
  jsonObject: z.boolean().default(false),
  profiles: z.unknown().optional(),
  retryFailed: z.boolean().default(false),
  rateLimitAttempts: z.int().positive().default(DEFAULT_RATE_LIMIT_ATTEMPTS),
  signal: z.custom<AbortSignal>((v) => v instanceof AbortSignal, "expected an AbortSignal").optional(),
  onProgress: fnSchema.optional(),
  onLockWait: fnSchema.optional(),
}).strict();

const taskSetOf = (b: BenchmarkSource): TaskSet => (typeof b === "string" ? readTaskSet(b) : b);

const modelName = (m: EvalModel): string => ("baseline" in m ? `baseline:${m.baseline}` : m.id);

function clientOf(m: EvalModel, all: readonly EvalItem[], config: RunConfig): ModelClient {
  if ("baseline" in m) return new BaselineClient(m.baseline, all);
  if ("function" in m) return new FunctionModelClient(m.function, { model: m.id, timeoutMs: m.timeoutMs });
  return new OpenAIModelClient({ model: m.id, baseURL: config.endpoint, apiKey: m.apiKey || "unused", timeoutMs: m.timeoutMs, extraBody: config.request });
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
 * calling again with the same options: finished items are never sent again, a response
 * paid for is never lost (the cache is written before the record). Without `out` the records
 * stay in memory.
 *
 * @param options The benchmark, the model, and `mech eval`'s settings.
 * @returns The run: configuration, items, records, and what this call sent.
 * @throws {OptionsError} For a malformed option (the message names it).
 * @throws {RunError} When `out` holds a different run, or cannot be written.
 * @throws {StoreError} When the benchmark directory cannot be read.
 * @throws {SelectionError} When a family or mechanism is not in the benchmark.
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
 */
export async function evaluate(options: EvaluateOptions): Promise<Evaluation> {
  const o = checkOptions("evaluate", Options, options);
  const model = options.model; // the checked copy holds the same function and fields
  const set = taskSetOf(options.benchmark);
  const isFunction = "function" in model;
  const plan = planRun({
    set,
    selection: { families: o.families ?? null, mechanisms: o.mechanisms ?? null, limit: o.limit ?? null, ...(o.shard ? { shard: o.shard } : {}) },
    model: modelName(model),
    // a function model's "endpoint" is the function itself, named by its id
    baseUrl: isFunction ? `function:${model.id}` : "baseline" in model ? null : model.baseUrl ?? null,
    apiKeyEnv: isFunction || "baseline" in model ? null : model.apiKeyEnv ?? null,
    settings: { max_output_tokens: o.maxOutputTokens, temperature: o.temperature, reasoning_effort: o.reasoningEffort, json_object: o.jsonObject },
    profiles: profilesOf(o.profiles),
  });
  const run = o.out === undefined ? memoryRun(plan.config) : await openRun(o.out, plan.config, lockWait(o.onLockWait));
  try {
    const cache = "baseline" in model ? null : typeof o.cache === "string" ? new FileResponseCache(o.cache) : o.cache ?? null;
    const added: ItemRecord[] = [];
    const summary = await runEval({
      items: plan.items,
      client: clientOf(model, plan.all, run.config),
      endpoint: run.config.endpoint,
      controls: run.config.request,
      cache,
      existing: run.records,
      append: (r) => {
        run.append(r);
        added.push(r);
      },
      concurrency: o.concurrency,
      retryFailed: o.retryFailed,
      rateLimitAttempts: o.rateLimitAttempts,
      signal: o.signal,
      onProgress: options.onProgress,
    });
    return { dir: o.out ?? null, config: run.config, manifest: set.manifest, all: plan.all, items: plan.items, records: [...run.records, ...added], warnings: run.warnings, summary };
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

/** A run's scores as `mech eval score --json` prints them per run. */
export interface EvaluationScore {
  dir: string | null;
  model: string;
  endpoint: string;
  /** Items of the run, and how many have no record yet. */
  items: number;
  missing: number;
  /** Per family present, then "all": counts, coverage, compliance, the accuracies and partial scores (paper A.3). */
  families: ({ family: FamilyId | "all" } & Metrics)[];
  /** Infrastructure failures by class. */
  failures: Partial<Record<FailureClass, number>>;
  /** Token totals of the responses (cached ones counted apart). */
  tokens: TokenTotals;
  /** With a price: the run's cost in USD. */
  cost_usd?: number;
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
  const latest = latestRecords(run.records);
  const scored = scoreRecords(run.config.model, run.items, latest);
  const fields = runScoreFields(scored, familyMetrics(scored.items), tokenTotals(latest), options.price);
  return { dir: run.dir, model: run.config.model, endpoint: run.config.endpoint, ...fields };
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
 * @param options Bootstrap replicates (default 2,000) and how many failures per model the report shows in full (default 100).
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
  const latest = runs.map((r) => latestRecords(r.records));
  const scored = runs.map((r, k) => ({ model: r.config.model, items: scoreRecords(r.config.model, r.items, latest[k]).items }));
  const analysis = analyze({ all: runs[0].all, runs: scored, ...(options.replicates !== undefined ? { replicates: options.replicates } : {}) });
  const data = reportData({ analysis, manifest: runs[0].manifest, runs: runs.map((r, k) => ({ model: r.config.model, dir: r.dir ?? "(memory)", latest: latest[k], items: r.items, scored: scored[k].items })), maxDetails: options.maxDetails ?? 100 });
  return { analysis, html: await htmlPage("MechReasoner report", data), markdown: markdownPage("MechReasoner report", data) };
}

