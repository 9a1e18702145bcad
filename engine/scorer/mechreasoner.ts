// MechReasoner scoring on plain rows: a benchmark's task and solution rows become the
// evaluator's items (the same join `mech eval` uses), a model's responses are judged
// exactly as `mech eval score` judges a run's records, and several runs go through the
// report's analysis (B1–B4 bins, cluster-bootstrap intervals, the regression).
import { z } from "zod";
import { analyze, type Analysis, type RegressionResult, type SliceStats } from "../eval/analysis.ts";
import { BINS, type Bin } from "../eval/bins.ts";
import { type EvalItem, joinItems } from "../eval/join.ts";
import { FailureClass, latestByTask } from "../eval/record_kinds.ts";
import { familyMetrics, type JudgeableRecord, type Metrics, type Price, runScoreFields, type ScoredItem, scoreRecords, type TokenTotals, tokenTotals } from "../eval/score.ts";
import type { FamilyId } from "../tasks/family.ts";
import { SolutionRecord, TaskRecord } from "../tasks/records.ts";
import { checked, checkedRows, type InputIssue, pathIn, ScorerInputError } from "./input.ts";

/**
 * The items of a benchmark from the rows of its tasks.jsonl and solutions.jsonl (parsed
 * JSON, in file order; solutions in any order). Every row is checked against the
 * benchmark's own schemas; a task without a solution is an error.
 */
export function benchmarkItems(tasks: unknown, solutions: unknown): EvalItem[] {
  const t = checkedRows("tasks", tasks, TaskRecord, "tasks.jsonl rows");
  const s = checkedRows("solutions", solutions, SolutionRecord, "solutions.jsonl rows");
  return joinItems(t, s, (task, i) => {
    throw new ScorerInputError([{ path: pathIn("tasks", [i, "task_id"]), message: `${task.task_id} has no row in solutions` }]);
  });
}

const Usage = z.object({ prompt_tokens: z.int().min(0), completion_tokens: z.int().min(0) }).loose();

/** A model's answer to one task: the raw text (null: the endpoint returned no text). A records.jsonl response line fits. */
export const ResponseRow = z.object({
  task_id: z.string().min(1),
  type: z.literal("response").optional(),
  content: z.string().nullable(),
  /** Answered from a response cache (not counted as a request in `tokens`). */
  cached: z.boolean().optional(),
  usage: Usage.nullable().optional(),
}).loose();
export type ResponseRow = z.input<typeof ResponseRow>;

/** An infrastructure failure instead of a response (a records.jsonl failure line fits). */
export const FailureRow = z.object({
  task_id: z.string().min(1),
  type: z.literal("failure"),
  class: FailureClass,
}).loose();
export type FailureRow = z.input<typeof FailureRow>;

const isFailure = (row: unknown) => typeof row === "object" && row !== null && (row as { type?: unknown }).type === "failure";

/** Checks response and failure rows; each must name a task of `items`. */
export function checkResponses(items: readonly EvalItem[], responses: unknown): (JudgeableRecord & { task_id: string })[] {
  const rows = checkedRows("responses", responses, z.unknown(), "response rows ({task_id, content} or failure records)");
  const known = new Set(items.map((i) => i.task_id));
  const out: (JudgeableRecord & { task_id: string })[] = [];
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

export interface RunScore {
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
  /** Every judged item: outcome class, component score, why a protocol failure failed. */
  scored: ScoredItem[];
}

const PriceInput = z.object({ input_per_million: z.number().min(0), output_per_million: z.number().min(0) }).strict();

/**
 * Judges a model's responses against the items (extraction, the family normalizer, the
 * outcome class, the component score) and gives the A.3 metrics per family. A task's
 * first response counts; a failure counts until a later row for the same task replaces it.
 */
export function scoreRun(p: { items: readonly EvalItem[]; responses: unknown; model?: string; price?: Price }): RunScore {
  const model = p.model ?? "model";
  const rows = checkResponses(p.items, p.responses);
  const price = p.price === undefined ? undefined : checked("price", p.price, PriceInput);
  const latest = latestByTask(rows);
  const scored = scoreRecords(model, p.items, latest);
  const tokens = tokenTotals(latest);
  return { model, ...runScoreFields(scored, familyMetrics(scored.items), tokens, price), scored: scored.items };
}

export interface RunAnalysis {
  /** The majority/constant baseline first (unless left out), then the runs. */
  models: string[];
  /** Every item's analysis bin. */
  bins: Record<string, Bin>;
  /** Items per bin B1–B4, per family. */
  bin_sizes: Partial<Record<FamilyId, [number, number, number, number]>>;
  replicates: number;
  /** Per model: each family, each family × bin (0–3 for B1–B4), all families; metrics and 95 % intervals. */
  slices: SliceStats[];
  regression: RegressionResult;
}

/**
 * The analysis `mech eval report` shows, over runs on one benchmark: `items` are all of the
 * benchmark's items (bins and bootstrap clusters come from the whole release), `runs` the
 * scored runs. Replicates default to 10,000; the same seed gives the same intervals anywhere.
 */
export function analyzeRuns(p: {
  items: readonly EvalItem[];
  runs: readonly Pick<RunScore, "model" | "scored">[];
  replicates?: number;
  seed?: string;
  baseline?: boolean;
  regression?: boolean;
}): RunAnalysis {
  const opts = checked("options", { replicates: p.replicates, seed: p.seed, baseline: p.baseline, regression: p.regression }, AnalysisOptions);
  const a: Analysis = analyze({ all: p.items, runs: p.runs.map((r) => ({ model: r.model, items: r.scored })), ...opts });
  return {
    models: a.models,
    bins: Object.fromEntries([...a.bins].map(([id, b]) => [id, BINS[b]])),
    bin_sizes: Object.fromEntries([...a.binSizes].map(([f, s]) => [f, s as [number, number, number, number]])),
    replicates: a.replicates,
    slices: a.slices,
    regression: a.regression,
  };
}

const AnalysisOptions = z.object({
  replicates: z.int().min(1).max(1_000_000).optional(),
  seed: z.string().optional(),
  baseline: z.boolean().optional(),
  regression: z.boolean().optional(),
});
