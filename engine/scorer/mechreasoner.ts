// MechReasoner scoring on plain rows: a benchmark's task and solution rows become the
// evaluator's items (the same join `mech eval` uses), a model's responses are judged
// exactly as `mech eval score` judges a run's records, and several runs go through the
// report's analysis (B1–B4 bins, cluster-bootstrap intervals, the regression).
import { z } from "zod";
import { analyze, type Analysis, type PairedDifference, type RegressionResult, type SliceStats } from "../eval/analysis.ts";
import { BINS, type Bin } from "../eval/bins.ts";
import { type EvalItem, joinItems } from "../eval/join.ts";
import { FailureClass, latestBySample, MAX_SAMPLES, sampleOf } from "../eval/record_kinds.ts";
import type { FamilySampleScores } from "../eval/samples.ts";
import { familyMetrics, type JudgeableRecord, type Metrics, type Price, runScoreFields, type ScoredItem, scoreSampleRecords, type TokenTotals, tokenTotals } from "../eval/score.ts";
import type { FamilyId } from "../tasks/family.ts";
import { SolutionRecord, TaskRecord } from "../tasks/records.ts";
import { checked, checkedRows, type InputIssue, pathIn, ScorerInputError } from "./input.ts";

/**
 * The items of a benchmark from the rows of its tasks.jsonl and solutions.jsonl (parsed
 * JSON, in file order; solutions in any order). Every row is checked against the
 * benchmark's own schemas; a task without a solution is an error.
 *
 * @param tasks The rows of tasks.jsonl (an array of objects; see TaskRecord).
 * @param solutions The rows of solutions.jsonl, in any order (see SolutionRecord).
 * @returns One item per task, in the tasks' order: the task's fields, `gold` (the
 *   solution's answer) and `context` (what a family's component score needs).
 * @throws {ScorerInputError} When a row does not fit its schema or a task has no solution.
 *
 * @example Two hand-written rows (parseJsonLines turns a fetched file into such rows)
 * ```ts
 * import { benchmarkItems } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const tasks = [
 *   { task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" },
 *   { task_id: "task_00000000000000a2", family: "trace_faithfulness", mechanism: "mechanics_damper", level: "D2", complexity: 9, prompt_tokens: 150, prompt: "…" },
 * ];
 * const solutions = [
 *   { task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} },
 *   { task_id: "task_00000000000000a2", answer: { unfaithful_step_count: 3 }, audit: {} },
 * ];
 * const items = benchmarkItems(tasks, solutions);
 * assert.deepEqual(items.map((i) => [i.family, i.gold]), [["necessity", { necessity_labels: "UUNN" }], ["trace_faithfulness", { unfaithful_step_count: 3 }]]);
 * assert.throws(() => benchmarkItems(tasks, solutions.slice(1)), /task_00000000000000a1 has no row in solutions/);
 * ```
 */
export function benchmarkItems(tasks: unknown, solutions: unknown): EvalItem[] {
  const t = checkedRows("tasks", tasks, TaskRecord, "tasks.jsonl rows");
  const s = checkedRows("solutions", solutions, SolutionRecord, "solutions.jsonl rows");
  return joinItems(t, s, (task, i) => {
    throw new ScorerInputError([{ path: pathIn("tasks", [i, "task_id"]), message: `${task.task_id} has no row in solutions` }]);
  });
}

const Usage = z.object({ prompt_tokens: z.int().min(0), completion_tokens: z.int().min(0) }).loose();

/**
 * The schema of a response row: a model's answer to one task, the raw text (null: the
 * endpoint returned no text). A records.jsonl response line fits; other keys are kept.
 */
export const ResponseRow: z.ZodObject<
  {
    task_id: z.ZodString;
    type: z.ZodOptional<z.ZodLiteral<"response">>;
    content: z.ZodNullable<z.ZodString>;
    cached: z.ZodOptional<z.ZodBoolean>;
    usage: z.ZodOptional<
      z.ZodNullable<z.ZodObject<{ prompt_tokens: z.ZodInt; completion_tokens: z.ZodInt }, z.core.$loose>>
    >;
    sample: z.ZodOptional<z.ZodInt>;
  },
  z.core.$loose
> = z.object({
  task_id: z.string().min(1),
  type: z.literal("response").optional(),
  content: z.string().nullable(),
  /** Answered from a response cache (not counted as a request in `tokens`). */
  cached: z.boolean().optional(),
  usage: Usage.nullable().optional(),
  /** Which sample of the task this answers, 0-based (absent: 0); for runs of several samples per item. */
  sample: z.int().min(0).max(MAX_SAMPLES - 1).optional(),
}).loose();
/** A model's answer to one task, as scoreRun and checkResponses take it (`{ task_id, content }` at least; `sample` for several samples per item). */
export type ResponseRow = z.input<typeof ResponseRow>;

/** The schema of a failure row: an infrastructure failure instead of a response (a records.jsonl failure line fits). */
export const FailureRow: z.ZodObject<
  { task_id: z.ZodString; type: z.ZodLiteral<"failure">; class: typeof FailureClass; sample: z.ZodOptional<z.ZodInt> },
  z.core.$loose
> = z.object({
  task_id: z.string().min(1),
  type: z.literal("failure"),
  class: FailureClass,
  /** Which sample of the task failed, 0-based (absent: 0). */
  sample: z.int().min(0).max(MAX_SAMPLES - 1).optional(),
}).loose();
/** An infrastructure failure instead of a response: `{ task_id, type: "failure", class }`. */
export type FailureRow = z.input<typeof FailureRow>;

const isFailure = (row: unknown) => typeof row === "object" && row !== null && (row as { type?: unknown }).type === "failure";

/**
 * Checks response and failure rows (the `responses` scoreRun takes); each must name a task
 * of `items`. Response rows come back with `type: "response"`.
 *
 * @param items The benchmark's items (benchmarkItems).
 * @param responses An array of ResponseRow or FailureRow objects.
 * @returns The rows, checked, in the given order.
 * @throws {ScorerInputError} When `responses` is not an array, a row fits neither shape or names an unknown task.
 *
 * @example
 * ```ts
 * import { benchmarkItems, checkResponses, ScorerInputError } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const tasks = [
 *   { task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" },
 *   { task_id: "task_00000000000000a2", family: "trace_faithfulness", mechanism: "mechanics_damper", level: "D2", complexity: 9, prompt_tokens: 150, prompt: "…" },
 * ];
 * const solutions = [
 *   { task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} },
 *   { task_id: "task_00000000000000a2", answer: { unfaithful_step_count: 3 }, audit: {} },
 * ];
 * const items = benchmarkItems(tasks, solutions);
 * const rows = checkResponses(items, [
 *   { task_id: "task_00000000000000a1", content: "{}" },
 *   { task_id: "task_00000000000000a2", type: "failure", class: "timeout" },
 * ]);
 * assert.deepEqual(rows.map((r) => r.type), ["response", "failure"]);
 * assert.throws(() => checkResponses(items, [{ task_id: "task_00000000000000ff", content: "{}" }]), ScorerInputError);
 * ```
 */
export function checkResponses(items: readonly EvalItem[], responses: unknown): (JudgeableRecord & { task_id: string; sample?: number })[] {
  const rows = checkedRows("responses", responses, z.unknown(), "response rows ({task_id, content} or failure records)");
  const known = new Set(items.map((i) => i.task_id));
  const out: (JudgeableRecord & { task_id: string; sample?: number })[] = [];
  const issues: InputIssue[] = [];
  for (const [i, row] of rows.entries()) {
    const r = isFailure(row) ? checkedRow(i, row, FailureRow) : { ...checkedRow(i, row, ResponseRow), type: "response" as const };
    if (!known.has(r.task_id)) issues.push({ path: pathIn("responses", [i, "task_id"]), message: `${r.task_id} is not a task of the given benchmark rows` });
    out.push(r);
  }
  if (issues.length) throw new ScorerInputError(issues.slice(0, 20));
  return out;
}

const checkedRow = <T>(i: number, row: unknown, schema: z.ZodType<T>): T => checked(`responses[${i}]`, row, schema);

/** One family's (or all families') metrics, as `mech eval score --json` prints them. */
export type FamilyRow = { family: FamilyId | "all" } & Metrics;

/** One run's score (scoreRun): the fields shared with `mech eval score --json` are equal to it. */
export interface RunScore {
  /** The model's name, as given (default "model"). */
  model: string;
  /** Items scored (the benchmark rows given). */
  items: number;
  /** Items with no response or failure row (an unfinished run); they are in no metric. */
  missing: number;
  /** Per family present in Table 1 order, then "all". */
  families: FamilyRow[];
  /** Infrastructure failures by class. */
  failures: Partial<Record<FailureClass, number>>;
  /** Tokens the responses' `usage` reported (cached responses counted apart). */
  tokens: TokenTotals;
  /** With a `price`: what the uncached requests cost, USD. */
  cost_usd?: number;
  /**
   * Runs of several samples per item only (scorer 0.2): K, the (task, sample) pairs without a
   * row, and per family the mean, majority-vote and pass@k accuracies and the agreement. The
   * family rows then count every sample's row.
   */
  samples?: { samples: number; missing_requests: number; families: FamilySampleScores[] };
  /** Every judged item (every judged sample, with `sample` and `vote`, in a run of several): outcome class, component score, why a protocol failure failed. */
  scored: ScoredItem[];
}

const PriceInput = z.object({ input_per_million: z.number().min(0), output_per_million: z.number().min(0) }).strict();
const SamplesInput = z.int().min(1).max(MAX_SAMPLES).optional();

/**
 * Judges a model's responses against the items (extraction, the family normalizer, the
 * outcome class, the component score) and gives the A.3 metrics per family. A task's
 * first response counts; a failure counts until a later row for the same task replaces it.
 *
 * @param p.items The benchmark's items (benchmarkItems).
 * @param p.responses The model's response and failure rows (ResponseRow, FailureRow).
 * @param p.model The model's name in the result (default "model").
 * @param p.price USD per million input and output tokens; with it the result has `cost_usd`.
 * @param p.samples Samples per item (1–100); default one more than the highest `sample` of the rows (1 without any). With more than one, every (task, sample) row is judged and the result has `samples`.
 * @returns The metrics per family and overall, failures, tokens and every judged item.
 * @throws {ScorerInputError} When a response row, the price or `samples` does not fit its shape, a row names an unknown task, or a row's sample is beyond `samples`.
 *
 * @example One right answer, one unreadable
 * ```ts
 * import { benchmarkItems, scoreRun } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const tasks = [
 *   { task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" },
 *   { task_id: "task_00000000000000a2", family: "trace_faithfulness", mechanism: "mechanics_damper", level: "D2", complexity: 9, prompt_tokens: 150, prompt: "…" },
 * ];
 * const solutions = [
 *   { task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} },
 *   { task_id: "task_00000000000000a2", answer: { unfaithful_step_count: 3 }, audit: {} },
 * ];
 * const run = scoreRun({
 *   model: "my-model",
 *   items: benchmarkItems(tasks, solutions),
 *   responses: [
 *     { task_id: "task_00000000000000a1", content: '{"answer": {"necessity_labels": "UUNN"}}' },
 *     { task_id: "task_00000000000000a2", content: "I am not sure." },
 *   ],
 * });
 * const all = run.families.at(-1)!;
 * assert.equal(all.family, "all");
 * assert.equal(all.e2e_accuracy, 0.5);
 * assert.deepEqual(run.scored.map((s) => s.outcome), ["correct", "protocol"]);
 * ```
 */
export function scoreRun(p: { items: readonly EvalItem[]; responses: unknown; model?: string; price?: Price; samples?: number }): RunScore {
  const model = p.model ?? "model";
  const rows = checkResponses(p.items, p.responses);
  const price = p.price === undefined ? undefined : checked("price", p.price, PriceInput);
  const given = checked("samples", p.samples, SamplesInput);
  const samples = given ?? rows.reduce((k, r) => Math.max(k, sampleOf(r) + 1), 1);
  const beyond = rows.findIndex((r) => sampleOf(r) >= samples);
  if (beyond >= 0) throw new ScorerInputError([{ path: pathIn("responses", [beyond, "sample"]), message: `sample ${sampleOf(rows[beyond])} is beyond samples: ${samples} (samples are 0 … ${samples - 1})` }]);
  const bySample = latestBySample(rows, samples);
  const scored = scoreSampleRecords(model, p.items, bySample);
  const tokens = tokenTotals(bySample);
  return { model, ...runScoreFields(scored, familyMetrics(scored.items), tokens, price, samples), scored: scored.items };
}

/** The analysis of runs on one benchmark (analyzeRuns), as `mech eval report` shows it. */
export interface RunAnalysis {
  /** The majority/constant baseline first (unless left out), then the runs. */
  models: string[];
  /** Every item's analysis bin. */
  bins: Record<string, Bin>;
  /** Items per bin B1–B4, per family. */
  bin_sizes: Partial<Record<FamilyId, [number, number, number, number]>>;
  /** Bootstrap replicates behind every interval. */
  replicates: number;
  /** Per model: each family, each family × bin (0–3 for B1–B4), all families; metrics and 95 % intervals. */
  slices: SliceStats[];
  /** The conditional-logistic regression of correctness on the items' features (every sample's record is an observation). */
  regression: RegressionResult;
  /** Present when a run has several samples per item, or with `differences: true` (scorer 0.2): the most samples per item of any run. */
  samples?: number;
  /** Present when a run has several samples per item, or with `differences: true` (scorer 0.2): each pair of runs' paired difference in overall e2e accuracy, one-level and two-level. */
  differences?: PairedDifference[];
}

/**
 * The analysis `mech eval report` shows, over runs on one benchmark: `items` are all of the
 * benchmark's items (bins and bootstrap clusters come from the whole release), `runs` the
 * scored runs. Replicates default to 10,000; the same seed gives the same intervals anywhere.
 *
 * @param p.items All of the benchmark's items (benchmarkItems).
 * @param p.runs Scored runs (scoreRun's `model` and `scored`).
 * @param p.replicates Mechanism-level bootstrap replicates, 1–1,000,000 (default 10,000).
 * @param p.seed The bootstrap's seed (default: the report's).
 * @param p.baseline Include the majority/constant baseline as the first model (default true).
 * @param p.regression Fit the regression (default true).
 * @param p.differences Add `samples` and the paired differences even when every run has one sample (default: only when a run has several).
 * @returns Bins, bin sizes, per-model slices with 95 % intervals (two-level ones too for runs of several samples), the regression, and with several samples the paired differences.
 * @throws {ScorerInputError} When an option does not fit its shape.
 *
 * @example
 * ```ts
 * import { analyzeRuns, benchmarkItems, scoreRun } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const tasks = [
 *   { task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" },
 *   { task_id: "task_00000000000000a2", family: "trace_faithfulness", mechanism: "mechanics_damper", level: "D2", complexity: 9, prompt_tokens: 150, prompt: "…" },
 * ];
 * const solutions = [
 *   { task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} },
 *   { task_id: "task_00000000000000a2", answer: { unfaithful_step_count: 3 }, audit: {} },
 * ];
 * const items = benchmarkItems(tasks, solutions);
 * const run = scoreRun({ model: "my-model", items, responses: [{ task_id: "task_00000000000000a1", content: '{"answer": {"necessity_labels": "UUNN"}}' }] });
 * const analysis = analyzeRuns({ items, runs: [run], replicates: 200 });
 * assert.deepEqual(analysis.models, ["majority/constant", "my-model"]);
 * assert.equal(Object.keys(analysis.bins).length, 2);
 * ```
 */
export function analyzeRuns(p: {
  items: readonly EvalItem[];
  runs: readonly Pick<RunScore, "model" | "scored">[];
  replicates?: number;
  seed?: string;
  baseline?: boolean;
  regression?: boolean;
  differences?: boolean;
}): RunAnalysis {
  const { differences, ...opts } = checked("options", { replicates: p.replicates, seed: p.seed, baseline: p.baseline, regression: p.regression, differences: p.differences }, AnalysisOptions);
  const a: Analysis = analyze({ all: p.items, runs: p.runs.map((r) => ({ model: r.model, items: r.scored })), ...opts });
  return {
    models: a.models,
    bins: Object.fromEntries([...a.bins].map(([id, b]) => [id, BINS[b]])),
    bin_sizes: Object.fromEntries([...a.binSizes].map(([f, s]) => [f, s as [number, number, number, number]])),
    replicates: a.replicates,
    slices: a.slices,
    regression: a.regression,
    // new in 0.2: absent for runs of one sample unless asked, so 0.1's output is unchanged
    ...(a.samples > 1 || differences ? { samples: a.samples, differences: a.differences } : {}),
  };
}

const AnalysisOptions = z.object({
  replicates: z.int().min(1).max(1_000_000).optional(),
  seed: z.string().optional(),
  baseline: z.boolean().optional(),
  regression: z.boolean().optional(),
  differences: z.boolean().optional(),
});
