// Scores of a model run (paper A.3): each item's latest record judged against its gold,
// then per slice coverage, compliance, semantic and end-to-end accuracy and the family
// component means. Pure functions over records and gold: the same numbers wherever they run.
import { FAMILY_IDS, type FamilyId, type Level } from "../tasks/family.ts";
import type { EvalItem } from "./join.ts";
import { judge, type OutcomeClass } from "./outcome.ts";
import type { FailureClass } from "./record_kinds.ts";
import { familySampleScores } from "./samples.ts";

/**
 * What scoring reads of a record: records.jsonl's lines fit, and so do the portable
 * scorer's lighter rows (a task id and the text, usage when known).
 */
export type JudgeableRecord =
  | { type: "response"; content: string | null; cached?: boolean; usage?: { prompt_tokens: number; completion_tokens: number } | null }
  | { type: "failure"; class: FailureClass };

/** One model–item record, judged. */
export interface ScoredItem {
  /** The model whose record this is. */
  model: string;
  /** The item's task id. */
  task_id: string;
  /** The item's family. */
  family: FamilyId;
  /** The item's mechanism. */
  mechanism: string;
  /** The item's level. */
  level: Level;
  /** The item's complexity (Table 2). */
  complexity: number;
  /** How the record is judged. */
  outcome: OutcomeClass;
  /** The family component score m_f (0 for protocol and infrastructure failures). */
  component: number;
  /** Why a protocol failure was rejected, or the infrastructure failure class. */
  reason: string | null;
  /** Characters of the prompt (an A.2 adjustment). */
  prompt_chars: number;
  /** Characters of the gold answer's canonical JSON (an A.2 adjustment). */
  answer_chars: number;
  /** Which sample of the item this record is (present in runs of several samples only). */
  sample?: number;
  /**
   * The normalized answer's JSON, null when no answer was accepted (present in runs of
   * several samples only: majority votes and agreement compare the samples' answers).
   */
  vote?: string | null;
}

/** A run's records, judged. */
export interface ScoredRun {
  /** The model. */
  model: string;
  /** The judged records, one per item (per item and sample in a run of several samples) with a record, in item order, then sample order. */
  items: ScoredItem[];
  /** Selected items (item × sample requests, in a run of several samples) with no record yet (an unfinished run); not part of any slice. */
  missing: number;
}

function base(model: string, it: EvalItem) {
  return {
    model,
    task_id: it.task_id,
    family: it.family,
    mechanism: it.mechanism,
    level: it.level,
    complexity: it.complexity,
    prompt_chars: it.prompt.length,
    answer_chars: JSON.stringify(it.gold).length,
  };
}

/**
 * One response text to an item, judged as a model–item record.
 *
 * @param model The model's name.
 * @param it The item (benchmarkItems).
 * @param text The response text.
 * @returns The judged record: the item's fields, outcome, component score and reason.
 *
 * @example
 * ```ts
 * import { benchmarkItems, judgeResponse } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const tasks = [
 *   { task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" },
 *   { task_id: "task_00000000000000a2", family: "trace_faithfulness", mechanism: "thermal_two_masses", level: "D2", complexity: 9, prompt_tokens: 150, prompt: "…" },
 * ];
 * const solutions = [
 *   { task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} },
 *   { task_id: "task_00000000000000a2", answer: { unfaithful_step_count: 3 }, audit: {} },
 * ];
 * const items = benchmarkItems(tasks, solutions);
 * const scored = judgeResponse("my-model", items[1], '{"answer": {"unfaithful_step_count": 3}}');
 * assert.deepEqual([scored.outcome, scored.component, scored.mechanism], ["correct", 1, "thermal_two_masses"]);
 * ```
 */
export function judgeResponse(model: string, it: EvalItem, text: string): ScoredItem {
  return judgeRecord(model, it, { type: "response", content: text }).scored;
}

/** One record judged: the scored item, and the normalized answer (null for a failure or a rejected answer). */
function judgeRecord(model: string, it: EvalItem, r: JudgeableRecord): { scored: ScoredItem; normalized: Record<string, unknown> | null } {
  if (r.type === "failure") return { scored: { ...base(model, it), outcome: "infrastructure", component: 0, reason: r.class }, normalized: null };
  const j = judge(it.family, r.content ?? "", it.gold, it.context);
  return { scored: { ...base(model, it), outcome: j.outcome, component: j.outcome === "protocol" ? 0 : j.component, reason: j.reason }, normalized: j.normalized };
}

/**
 * Judges each item's latest record; items without one are counted as missing.
 *
 * @param model The model's name.
 * @param items The items (benchmarkItems).
 * @param latest Each task's latest record (latestByTask).
 * @returns The judged records in item order and the number of items without a record.
 *
 * @example
 * ```ts
 * import { benchmarkItems, latestByTask, scoreRecords } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const tasks = [
 *   { task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" },
 *   { task_id: "task_00000000000000a2", family: "trace_faithfulness", mechanism: "thermal_two_masses", level: "D2", complexity: 9, prompt_tokens: 150, prompt: "…" },
 * ];
 * const solutions = [
 *   { task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} },
 *   { task_id: "task_00000000000000a2", answer: { unfaithful_step_count: 3 }, audit: {} },
 * ];
 * const items = benchmarkItems(tasks, solutions);
 * const latest = latestByTask([{ task_id: "task_00000000000000a1", type: "response" as const, content: '{"answer": {"necessity_labels": "UUNN"}}' }]);
 * const run = scoreRecords("my-model", items, latest);
 * assert.deepEqual([run.items.map((s) => s.outcome), run.missing], [["correct"], 1]);
 * ```
 */
export function scoreRecords(model: string, items: readonly EvalItem[], latest: ReadonlyMap<string, JudgeableRecord>): ScoredRun {
  const out: ScoredItem[] = [];
  let missing = 0;
  for (const it of items) {
    const r = latest.get(it.task_id);
    if (!r) missing++;
    else out.push(judgeRecord(model, it, r).scored);
  }
  return { model, items: out, missing };
}

/**
 * Judges every sample's record of every item: scoreRecords for a run of one sample (the
 * records come back exactly as scoreRecords gives them), and for several samples one judged
 * record per (item, sample) with a record, carrying its `sample` and the normalized answer
 * (`vote`), in item order, then sample order.
 *
 * @param model The model's name.
 * @param items The items (benchmarkItems).
 * @param bySample Each sample's latest record per task (latestBySample); its length is the run's sample count.
 * @returns The judged records, and the (item, sample) requests without a record.
 *
 * @example
 * ```ts
 * import { benchmarkItems, latestBySample, scoreSampleRecords } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const tasks = [{ task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" }];
 * const solutions = [{ task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} }];
 * const items = benchmarkItems(tasks, solutions);
 * const right = '{"answer": {"necessity_labels": "UUNN"}}';
 * const bySample = latestBySample([
 *   { task_id: "task_00000000000000a1", type: "response" as const, content: right, sample: 0 },
 *   { task_id: "task_00000000000000a1", type: "response" as const, content: "no idea", sample: 1 },
 * ], 3);
 * const run = scoreSampleRecords("my-model", items, bySample);
 * assert.deepEqual(run.items.map((s) => [s.sample, s.outcome, s.vote]), [[0, "correct", '{"necessity_labels":"UUNN"}'], [1, "protocol", null]]);
 * assert.equal(run.missing, 1);
 * ```
 */
export function scoreSampleRecords(model: string, items: readonly EvalItem[], bySample: readonly ReadonlyMap<string, JudgeableRecord>[]): ScoredRun {
  if (bySample.length <= 1) return scoreRecords(model, items, bySample[0] ?? new Map());
  const out: ScoredItem[] = [];
  let missing = 0;
  for (const it of items) {
    for (const [sample, latest] of bySample.entries()) {
      const r = latest.get(it.task_id);
      if (!r) {
        missing++;
        continue;
      }
      const { scored, normalized } = judgeRecord(model, it, r);
      out.push({ ...scored, sample, vote: normalized ? JSON.stringify(normalized) : null });
    }
  }
  return { model, items: out, missing };
}

/** The A.3 metrics of a slice of judged records (null where the denominator is 0). */
export interface Metrics {
  /** |D|. */
  n: number;
  /** Records judged correct. */
  correct: number;
  /** Semantic failures. */
  semantic: number;
  /** Protocol failures. */
  protocol: number;
  /** Infrastructure failures. */
  infrastructure: number;
  /** |D_A| / |D|. */
  coverage: number | null;
  /** |D_J| / |D_A|. */
  compliance: number | null;
  /** |D_C| / |D_J|. */
  semantic_accuracy: number | null;
  /** |D_C| / |D|. */
  e2e_accuracy: number | null;
  /** M_e2e = Σ_{D_J} m_f / |D|. */
  partial_e2e: number | null;
  /** M_semantic = Σ_{D_J} m_f / |D_J|. */
  partial_semantic: number | null;
}

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

/**
 * The A.3 metrics of judged records: counts per outcome class, coverage, compliance,
 * semantic and end-to-end accuracy and the partial scores.
 *
 * @param items Judged records (one slice).
 * @returns The metrics; a ratio is null when its denominator is 0.
 *
 * @example
 * ```ts
 * import { benchmarkItems, judgeResponse, metrics } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const tasks = [
 *   { task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" },
 *   { task_id: "task_00000000000000a2", family: "trace_faithfulness", mechanism: "thermal_two_masses", level: "D2", complexity: 9, prompt_tokens: 150, prompt: "…" },
 * ];
 * const solutions = [
 *   { task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} },
 *   { task_id: "task_00000000000000a2", answer: { unfaithful_step_count: 3 }, audit: {} },
 * ];
 * const items = benchmarkItems(tasks, solutions);
 * const m = metrics([judgeResponse("m", items[0], '{"answer": {"necessity_labels": "UUNU"}}'), judgeResponse("m", items[1], "no idea")]);
 * assert.deepEqual([m.n, m.semantic, m.protocol, m.compliance, m.partial_e2e], [2, 1, 1, 0.5, 0.375]);
 * ```
 */
export function metrics(items: readonly ScoredItem[]): Metrics {
  let correct = 0, semantic = 0, protocol = 0, infrastructure = 0, sum = 0;
  for (const s of items) {
    if (s.outcome === "correct") correct++;
    else if (s.outcome === "semantic") semantic++;
    else if (s.outcome === "protocol") protocol++;
    else infrastructure++;
    if (s.outcome === "correct" || s.outcome === "semantic") sum += s.component;
  }
  const n = items.length, accepted = correct + semantic, answered = n - infrastructure;
  return {
    n,
    correct,
    semantic,
    protocol,
    infrastructure,
    coverage: ratio(answered, n),
    compliance: ratio(accepted, answered),
    semantic_accuracy: ratio(correct, accepted),
    e2e_accuracy: ratio(correct, n),
    partial_e2e: ratio(sum, n),
    partial_semantic: ratio(sum, accepted),
  };
}

/** A family's metrics (or all families' pooled). */
export interface FamilyMetrics {
  /** The family, or "all". */
  family: FamilyId | "all";
  /** Its metrics. */
  metrics: Metrics;
}

/**
 * Per family present, in Table 1 order, then all families pooled.
 *
 * @param items Judged records.
 * @returns One row per family present, then `all`.
 *
 * @example
 * ```ts
 * import { benchmarkItems, familyMetrics, judgeResponse } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const tasks = [
 *   { task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" },
 *   { task_id: "task_00000000000000a2", family: "trace_faithfulness", mechanism: "thermal_two_masses", level: "D2", complexity: 9, prompt_tokens: 150, prompt: "…" },
 * ];
 * const solutions = [
 *   { task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} },
 *   { task_id: "task_00000000000000a2", answer: { unfaithful_step_count: 3 }, audit: {} },
 * ];
 * const items = benchmarkItems(tasks, solutions);
 * const rows = familyMetrics(items.map((it) => judgeResponse("m", it, "no idea")));
 * assert.deepEqual(rows.map((r) => [r.family, r.metrics.n]), [["necessity", 1], ["trace_faithfulness", 1], ["all", 2]]);
 * ```
 */
export function familyMetrics(items: readonly ScoredItem[]): FamilyMetrics[] {
  const rows: FamilyMetrics[] = FAMILY_IDS.filter((f) => items.some((s) => s.family === f)).map((family) => ({ family, metrics: metrics(items.filter((s) => s.family === family)) }));
  rows.push({ family: "all", metrics: metrics(items) });
  return rows;
}

/**
 * Infrastructure failures of a run by class.
 *
 * @param items Judged records.
 * @returns The count of each infrastructure failure class that occurs.
 *
 * @example
 * ```ts
 * import { benchmarkItems, failureCounts, latestByTask, scoreRecords } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const tasks = [
 *   { task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" },
 *   { task_id: "task_00000000000000a2", family: "trace_faithfulness", mechanism: "thermal_two_masses", level: "D2", complexity: 9, prompt_tokens: 150, prompt: "…" },
 * ];
 * const solutions = [
 *   { task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} },
 *   { task_id: "task_00000000000000a2", answer: { unfaithful_step_count: 3 }, audit: {} },
 * ];
 * const items = benchmarkItems(tasks, solutions);
 * const latest = latestByTask(items.map((it) => ({ task_id: it.task_id, type: "failure" as const, class: "timeout" as const })));
 * assert.deepEqual(failureCounts(scoreRecords("m", items, latest).items), { timeout: 2 });
 * ```
 */
export function failureCounts(items: readonly ScoredItem[]): Partial<Record<FailureClass, number>> {
  const out: Partial<Record<FailureClass, number>> = {};
  for (const s of items) if (s.outcome === "infrastructure") out[s.reason as FailureClass] = (out[s.reason as FailureClass] ?? 0) + 1;
  return out;
}

/** The tokens of a run's responses. */
export interface TokenTotals {
  /** Responses sent for (not from the cache). */
  requests: number;
  /** Responses taken from the cache (they cost nothing again). */
  cached: number;
  /** Input tokens the endpoint reported for the requests sent. */
  input: number;
  /** Output tokens the endpoint reported for the requests sent. */
  output: number;
}

/**
 * Tokens the endpoint reported for a run's responses (cached ones counted apart: they cost nothing again).
 *
 * @param latest Each task's latest record (latestByTask), or one such map per sample (latestBySample).
 * @returns Requests sent, cached responses, and the input and output tokens of the requests sent.
 *
 * @example
 * ```ts
 * import { tokenTotals } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const latest = new Map([
 *   ["task_00000000000000a1", { type: "response" as const, content: "{}", usage: { prompt_tokens: 120, completion_tokens: 30 } }],
 *   ["task_00000000000000a2", { type: "response" as const, content: "{}", cached: true }],
 * ]);
 * assert.deepEqual(tokenTotals(latest), { requests: 1, cached: 1, input: 120, output: 30 });
 * ```
 */
export function tokenTotals(latest: ReadonlyMap<string, JudgeableRecord> | readonly ReadonlyMap<string, JudgeableRecord>[]): TokenTotals {
  const t: TokenTotals = { requests: 0, cached: 0, input: 0, output: 0 };
  const maps: readonly ReadonlyMap<string, JudgeableRecord>[] = Array.isArray(latest) ? latest : [latest as ReadonlyMap<string, JudgeableRecord>];
  for (const r of maps.flatMap((m) => [...m.values()])) {
    if (r.type !== "response") continue;
    if (r.cached) {
      t.cached++;
      continue;
    }
    t.requests++;
    t.input += r.usage?.prompt_tokens ?? 0;
    t.output += r.usage?.completion_tokens ?? 0;
  }
  return t;
}

/** A price per million tokens, per model (the user's table; none is built in). */
export interface Price {
  /** USD per million input tokens. */
  input_per_million: number;
  /** USD per million output tokens. */
  output_per_million: number;
}

/**
 * What the requests sent cost, in USD, at a price per million tokens.
 *
 * @param t The run's token totals (tokenTotals).
 * @param p USD per million input and output tokens.
 * @returns The cost in USD.
 *
 * @example
 * ```ts
 * import { costOf } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const usd = costOf({ requests: 10, cached: 0, input: 2_000_000, output: 500_000 }, { input_per_million: 1, output_per_million: 4 });
 * assert.equal(usd, 4);
 * ```
 */
export function costOf(t: TokenTotals, p: Price): number {
  return (t.input * p.input_per_million + t.output * p.output_per_million) / 1e6;
}

/**
 * A run's scores in the shape `mech eval score --json` prints and the portable scorer
 * returns: items (scored and missing), the per-family rows, failures by class, tokens and,
 * with a price, the cost; with several samples per item, the repeated-inference scores per
 * family. In a run of several samples `items` and `missing` count items, and the family
 * rows count every sample's record (their accuracies are the pooled mean over samples).
 */
export function runScoreFields(scored: ScoredRun, rows: readonly FamilyMetrics[], tokens: TokenTotals, price?: Price, samples = 1) {
  // every item has `samples` slots, each a judged record or a missing one
  const items = (scored.items.length + scored.missing) / samples;
  return {
    items,
    missing: samples > 1 ? items - new Set(scored.items.map((s) => s.task_id)).size : scored.missing,
    families: rows.map((r) => ({ family: r.family, ...r.metrics })),
    failures: failureCounts(scored.items),
    tokens,
    ...(price ? { cost_usd: costOf(tokens, price) } : {}),
    ...(samples > 1 ? { samples: { samples, missing_requests: scored.missing, families: familySampleScores(scored.items, samples) } } : {}),
  };
}
