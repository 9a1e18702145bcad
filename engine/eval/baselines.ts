// The majority/constant baseline (paper A.3): fitted to the released gold marginal, a
// diagnostic floor rather than a learned model. Fixed-string families repeat the
// benchmark-wide majority label at the requested width; state consistency declares
// every candidate inconsistent; transitions answer the empty set; trace faithfulness
// answers the modal gold count (the smallest on ties).
import type { FamilyId } from "../tasks/family.ts";

/** An item as the majority/constant baseline reads it. */
export interface GoldItem {
  /** The task's id. */
  task_id: string;
  /** Its family. */
  family: FamilyId;
  /** Its gold answer payload. */
  answer: Record<string, unknown>;
}

const LABEL_KEY: Partial<Record<FamilyId, string>> = {
  plausibility: "plausibility_labels",
  necessity: "necessity_labels",
  functional_recovery: "plan_statuses",
};

/** The majority label character of a fixed-string family over the whole benchmark (ties: the first in the family's alphabet). */
function majorityChar(items: readonly GoldItem[], key: string, alphabet: string): string {
  const counts = new Map([...alphabet].map((c) => [c, 0]));
  for (const it of items) for (const c of String(it.answer[key] ?? "")) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...alphabet].reduce((best, c) => (counts.get(c)! > counts.get(best)! ? c : best), alphabet[0]);
}

/**
 * The baseline's answer payload for every item, by task id.
 *
 * @param items Every item of the benchmark: task id, family and gold answer.
 * @returns The baseline's answer payload per task id.
 *
 * @example
 * ```ts
 * import { majorityBaseline } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const answers = majorityBaseline([
 *   { task_id: "a", family: "necessity", answer: { necessity_labels: "UUNN" } },
 *   { task_id: "b", family: "necessity", answer: { necessity_labels: "NUUU" } },
 *   { task_id: "c", family: "transition", answer: { admissible_component_state_transitions: [] } },
 * ]);
 * assert.deepEqual(answers.get("a"), { necessity_labels: "UUUU" });
 * assert.deepEqual(answers.get("c"), { admissible_component_state_transitions: [] });
 * ```
 */
export function majorityBaseline(items: readonly GoldItem[]): Map<string, Record<string, unknown>> {
  const alphabets: Partial<Record<FamilyId, string>> = { plausibility: "PI", necessity: "NU", functional_recovery: "UDR" };
  const majority = new Map<FamilyId, string>();
  for (const [family, key] of Object.entries(LABEL_KEY) as [FamilyId, string][]) {
    majority.set(family, majorityChar(items.filter((i) => i.family === family), key, alphabets[family]!));
  }
  const counts = new Map<number, number>();
  for (const it of items) {
    if (it.family === "trace_faithfulness") {
      const n = Number(it.answer.unfaithful_step_count);
      counts.set(n, (counts.get(n) ?? 0) + 1);
    }
  }
  const modal = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0;
  const out = new Map<string, Record<string, unknown>>();
  for (const it of items) {
    const key = LABEL_KEY[it.family];
    if (key) out.set(it.task_id, { [key]: majority.get(it.family)!.repeat(String(it.answer[key]).length) });
    else if (it.family === "state_consistency") {
      const cases = Object.keys(it.answer.case_results as Record<string, unknown>);
      out.set(it.task_id, { case_results: Object.fromEntries(cases.map((c) => [c, { consistent_count: 0, consistent_ids: [] }])) });
    } else if (it.family === "transition") out.set(it.task_id, { admissible_component_state_transitions: [] });
    else out.set(it.task_id, { unfaithful_step_count: modal });
  }
  return out;
}
