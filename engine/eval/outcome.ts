// Outcome classes (paper A.3) and the family component scores. A response is correct
// when its normalized payload equals the gold; a semantic failure when normalization
// accepts a different payload; a protocol failure when it is empty, does not parse or
// is rejected by normalization; infrastructure failures (timeouts, gateways, context
// rejections) are decided by the runner before a response exists.
import type { FamilyId } from "../tasks/family.ts";
import { extractAnswer } from "./extract.ts";
import { normalize, requestOf } from "./normalize.ts";

/**
 * How a model–item record is judged (paper A.3): correct; a semantic failure (a well-formed
 * answer, not the gold); a protocol failure (no answer that parses and normalizes); or an
 * infrastructure failure (no response: timeout, gateway, context …).
 */
export type OutcomeClass = "correct" | "semantic" | "protocol" | "infrastructure";

/** One response judged against its gold (judge). */
export interface Judgement {
  /** Correct, semantic or protocol (infrastructure failures have no response to judge). */
  outcome: Exclude<OutcomeClass, "infrastructure">;
  /** The canonical payload when normalization accepted it. */
  normalized: Record<string, unknown> | null;
  /** Why a protocol failure was rejected. */
  reason: string | null;
  /** The family component score m_f in [0, 1] (0 for protocol failures). */
  component: number;
}

/** What the component scores need beyond the gold: the candidate ids of a state-consistency task. */
export interface ScoreContext {
  /** The candidate ids of a state-consistency task, in the prompt's order. */
  candidates?: readonly string[];
}

const charAccuracy = (a: string, b: string) => {
  if (!b.length) return a.length ? 0 : 1;
  let same = 0;
  for (let i = 0; i < b.length; i++) if (a[i] === b[i]) same++;
  return same / b.length;
};

/**
 * m_f: label-character accuracy (P, N, FR), candidate–case accuracy (SC), set F1 (T), count-field accuracy (TF).
 *
 * @param family The task's family.
 * @param answer The normalized answer.
 * @param gold The gold answer.
 * @param ctx The candidate ids of a state-consistency task.
 * @returns m_f in [0, 1].
 *
 * @example
 * ```ts
 * import { componentScore } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.equal(componentScore("necessity", { necessity_labels: "UUNU" }, { necessity_labels: "UUNN" }), 0.75);
 * assert.equal(componentScore("trace_faithfulness", { unfaithful_step_count: 2 }, { unfaithful_step_count: 3 }), 0);
 * ```
 */
export function componentScore(family: FamilyId, answer: Record<string, unknown>, gold: Record<string, unknown>, ctx: ScoreContext = {}): number {
  switch (family) {
    case "plausibility":
      return charAccuracy(String(answer.plausibility_labels), String(gold.plausibility_labels));
    case "necessity":
      return charAccuracy(String(answer.necessity_labels), String(gold.necessity_labels));
    case "functional_recovery":
      return charAccuracy(String(answer.plan_statuses), String(gold.plan_statuses));
    case "trace_faithfulness":
      return answer.unfaithful_step_count === gold.unfaithful_step_count ? 1 : 0;
    case "transition": {
      const key = (t: unknown) => JSON.stringify(t);
      const a = new Set((answer.admissible_component_state_transitions as unknown[]).map(key));
      const g = new Set((gold.admissible_component_state_transitions as unknown[]).map(key));
      if (!a.size && !g.size) return 1;
      const hit = [...a].filter((x) => g.has(x)).length;
      return hit === 0 ? 0 : (2 * hit) / (a.size + g.size);
    }
    case "state_consistency": {
      const a = answer.case_results as Record<string, { consistent_ids: string[] }>;
      const g = gold.case_results as Record<string, { consistent_ids: string[] }>;
      const rows = ctx.candidates ?? [];
      let right = 0, all = 0;
      for (const id of Object.keys(g)) {
        const yes = new Set(g[id].consistent_ids), said = new Set(a[id]?.consistent_ids ?? []);
        for (const r of rows) {
          all++;
          if (yes.has(r) === said.has(r)) right++;
        }
      }
      return all ? right / all : 0;
    }
  }
}

/**
 * Extraction, normalization and comparison of one response text against the gold.
 *
 * @param family The task's family.
 * @param text The response text.
 * @param gold The gold answer.
 * @param ctx The candidate ids of a state-consistency task.
 * @returns The outcome (correct, semantic or protocol), the normalized answer, a protocol failure's reason and m_f.
 *
 * @example
 * ```ts
 * import { judge } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const gold = { necessity_labels: "UUNN" };
 * assert.equal(judge("necessity", '{"answer": {"necessity_labels": "UUNN"}}', gold).outcome, "correct");
 * const wrong = judge("necessity", '{"answer": {"necessity_labels": "UUNU"}}', gold);
 * assert.deepEqual([wrong.outcome, wrong.component], ["semantic", 0.75]);
 * assert.equal(judge("necessity", "I cannot tell.", gold).outcome, "protocol");
 * ```
 */
export function judge(family: FamilyId, text: string, gold: Record<string, unknown>, ctx: ScoreContext = {}): Judgement {
  const ex = extractAnswer(text);
  if (!ex.ok) return { outcome: "protocol", normalized: null, reason: ex.reason, component: 0 };
  const norm = normalize(family, ex.payload, requestOf(family, gold));
  if (!norm.ok) return { outcome: "protocol", normalized: null, reason: norm.reason, component: 0 };
  const correct = JSON.stringify(norm.value) === JSON.stringify(gold);
  return { outcome: correct ? "correct" : "semantic", normalized: norm.value, reason: null, component: componentScore(family, norm.value, gold, ctx) };
}
