// Scores of a model run (paper A.3): each item's latest record judged against its gold,
// then per slice coverage, compliance, semantic and end-to-end accuracy and the family
// component means. Pure functions over records and gold: the same numbers wherever they run.
import { FAMILY_IDS, type FamilyId, type Level } from "../tasks/family.ts";
import type { EvalItem } from "./join.ts";
import { judge, type OutcomeClass } from "./outcome.ts";
import type { FailureClass } from "./record_kinds.ts";

/**
 * What scoring reads of a record: records.jsonl's lines fit, and so do the portable
 * scorer's lighter rows (a task id and the text, usage when known).
 */
export type JudgeableRecord =
  | { type: "response"; content: string | null; cached?: boolean; usage?: { prompt_tokens: number; completion_tokens: number } | null }
  | { type: "failure"; class: FailureClass };

/** One model–item record, judged. */
export interface ScoredItem {
  model: string;
  task_id: string;
  family: FamilyId;
  mechanism: string;
  level: Level;
  complexity: number;
  outcome: OutcomeClass;
  /** The family component score m_f (0 for protocol and infrastructure failures). */
  component: number;
  /** Why a protocol failure was rejected, or the infrastructure failure class. */
  reason: string | null;
  /** Characters of the prompt and of the gold answer's canonical JSON (the A.2 adjustments). */
  prompt_chars: number;
  answer_chars: number;
}

export interface ScoredRun {
  model: string;
  items: ScoredItem[];
  /** Selected items with no record yet (an unfinished run); not part of any slice. */
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

/** One response text to an item, judged as a model–item record. */
export function judgeResponse(model: string, it: EvalItem, text: string): ScoredItem {
  const j = judge(it.family, text, it.gold, it.context);
  return { ...base(model, it), outcome: j.outcome, component: j.outcome === "protocol" ? 0 : j.component, reason: j.reason };
}

/** Judges each item's latest record; items without one are counted as missing. */
export function scoreRecords(model: string, items: readonly EvalItem[], latest: ReadonlyMap<string, JudgeableRecord>): ScoredRun {
  const out: ScoredItem[] = [];
  let missing = 0;
  for (const it of items) {
    const r = latest.get(it.task_id);
    if (!r) missing++;
    else if (r.type === "failure") out.push({ ...base(model, it), outcome: "infrastructure", component: 0, reason: r.class });
    else out.push(judgeResponse(model, it, r.content ?? ""));
  }
  return { model, items: out, missing };
}

export interface Metrics {
  /** |D|. */
  n: number;
  correct: number;
  semantic: number;
  protocol: number;
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

export interface FamilyMetrics {
  family: FamilyId | "all";
  metrics: Metrics;
}

/** Per family present, in Table 1 order, then all families pooled. */
export function familyMetrics(items: readonly ScoredItem[]): FamilyMetrics[] {
  const rows: FamilyMetrics[] = FAMILY_IDS.filter((f) => items.some((s) => s.family === f)).map((family) => ({ family, metrics: metrics(items.filter((s) => s.family === family)) }));
  rows.push({ family: "all", metrics: metrics(items) });
  return rows;
}

/** Infrastructure failures of a run by class. */
export function failureCounts(items: readonly ScoredItem[]): Partial<Record<FailureClass, number>> {
  const out: Partial<Record<FailureClass, number>> = {};
  for (const s of items) if (s.outcome === "infrastructure") out[s.reason as FailureClass] = (out[s.reason as FailureClass] ?? 0) + 1;
  return out;
}

export interface TokenTotals {
  requests: number;
  cached: number;
  input: number;
  output: number;
}

/** Tokens the endpoint reported for a run's responses (cached ones counted apart: they cost nothing again). */
export function tokenTotals(latest: ReadonlyMap<string, JudgeableRecord>): TokenTotals {
  const t: TokenTotals = { requests: 0, cached: 0, input: 0, output: 0 };
  for (const r of latest.values()) {
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
  input_per_million: number;
  output_per_million: number;
}

export function costOf(t: TokenTotals, p: Price): number {
  return (t.input * p.input_per_million + t.output * p.output_per_million) / 1e6;
}

/**
 * A run's scores in the shape `mech eval score --json` prints and the portable scorer
 * returns: items (scored and missing), the per-family rows, failures by class, tokens and,
 * with a price, the cost.
 */
export function runScoreFields(scored: ScoredRun, rows: readonly FamilyMetrics[], tokens: TokenTotals, price?: Price) {
  return {
    items: scored.items.length + scored.missing,
    missing: scored.missing,
    families: rows.map((r) => ({ family: r.family, ...r.metrics })),
    failures: failureCounts(scored.items),
    tokens,
    ...(price ? { cost_usd: costOf(tokens, price) } : {}),
  };
}
