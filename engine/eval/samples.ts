// Scores of repeated inference: a run of K samples per item judged per sample, then per item
// its samples' correct count, their majority vote and their agreement, and per slice the
// mean accuracy, majority-vote accuracy, unbiased pass@k and mean agreement
// (docs/evaluation.md, "Repeated inference"). Pure functions over judged records.
import type { ScoredItem } from "./score.ts";
import { FAMILY_IDS, type FamilyId } from "../tasks/family.ts";

/**
 * The unbiased estimator of pass@k for one item: of n samples c are correct; the chance
 * that k of them drawn without replacement hold at least one correct is
 * 1 − C(n−c, k) / C(n, k), computed as a product (no large binomials).
 *
 * @param n Samples of the item (judged records).
 * @param c Correct samples, 0 ≤ c ≤ n.
 * @param k Samples drawn, 1 ≤ k ≤ n.
 * @returns pass@k in [0, 1].
 * @throws {RangeError} When the counts are not 0 ≤ c ≤ n and 1 ≤ k ≤ n integers.
 *
 * @example
 * ```ts
 * import { passAtK } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const near = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-12, `${a} ≠ ${b}`);
 * near(passAtK(5, 1, 1), 0.2);
 * near(passAtK(4, 2, 2), 5 / 6); // 1 − C(2,2)/C(4,2)
 * assert.equal(passAtK(3, 0, 3), 0);
 * ```
 */
export function passAtK(n: number, c: number, k: number): number {
  if (![n, c, k].every(Number.isInteger) || c < 0 || c > n || k < 1 || k > n) throw new RangeError(`passAtK(${n}, ${c}, ${k}): expected integers with 0 ≤ c ≤ n and 1 ≤ k ≤ n`);
  if (n - c < k) return 1;
  // C(n−c, k) / C(n, k) = Π_{i=0}^{k−1} (n−c−i) / (n−i)
  let none = 1;
  for (let i = 0; i < k; i++) none *= (n - c - i) / (n - i);
  return 1 - none;
}

/**
 * Whether the majority vote of an item's samples is correct: the votes are the normalized
 * answers of the samples whose answer was accepted (a protocol or infrastructure failure
 * casts none); the answer with the most votes wins when no other answer has as many, and
 * it is correct when its records are. A tie at the top, or no vote at all, is wrong.
 *
 * @param samples The item's judged records (ScoredItem with `vote`; a record without `vote` votes by its outcome alone).
 * @returns True when the unique most-voted answer is the correct one.
 *
 * @example
 * ```ts
 * import { majorityVoteCorrect } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const right = { outcome: "correct" as const, vote: "A" }, wrong = { outcome: "semantic" as const, vote: "B" }, other = { outcome: "semantic" as const, vote: "C" };
 * assert.equal(majorityVoteCorrect([right, right, wrong]), true);
 * assert.equal(majorityVoteCorrect([right, wrong, other]), false); // a three-way tie
 * assert.equal(majorityVoteCorrect([right, { outcome: "protocol" as const, vote: null }]), true); // the failure casts no vote
 * ```
 */
export function majorityVoteCorrect(samples: readonly Pick<ScoredItem, "outcome" | "vote">[]): boolean {
  const votes = new Map<string, { n: number; correct: boolean }>();
  for (const s of samples) {
    if (s.outcome !== "correct" && s.outcome !== "semantic") continue;
    const key = s.vote ?? `\u0000${s.outcome}`;
    const v = votes.get(key) ?? { n: 0, correct: s.outcome === "correct" };
    v.n++;
    votes.set(key, v);
  }
  let top = 0, winners: { n: number; correct: boolean }[] = [];
  for (const v of votes.values()) {
    if (v.n > top) top = v.n, winners = [v];
    else if (v.n === top) winners.push(v);
  }
  return winners.length === 1 && winners[0].correct;
}

/**
 * An item's agreement: the share of its pairs of samples that gave the same answer (the
 * same normalized answer; every sample without an accepted answer gives the one answer
 * "none"). Null with fewer than two samples.
 *
 * @param samples The item's judged records.
 * @returns Agreeing pairs / all pairs, or null.
 *
 * @example
 * ```ts
 * import { agreementRate } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const a = { outcome: "correct" as const, vote: "A" }, b = { outcome: "semantic" as const, vote: "B" };
 * assert.equal(agreementRate([a, a, a]), 1);
 * assert.equal(agreementRate([a, a, b]), 1 / 3);
 * assert.equal(agreementRate([a]), null);
 * ```
 */
export function agreementRate(samples: readonly Pick<ScoredItem, "outcome" | "vote">[]): number | null {
  const n = samples.length;
  if (n < 2) return null;
  const counts = new Map<string, number>();
  for (const s of samples) {
    const key = s.outcome === "correct" || s.outcome === "semantic" ? s.vote ?? `\u0000${s.outcome}` : "\u0000none";
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let same = 0;
  for (const c of counts.values()) same += (c * (c - 1)) / 2;
  return same / ((n * (n - 1)) / 2);
}

/** The repeated-inference scores of a slice of items (sampleScores). */
export interface SampleScores {
  /** Samples per item the run asked for (K). */
  samples: number;
  /** Items with at least one judged sample. */
  items: number;
  /** Mean accuracy: the mean over items of each item's share of correct samples. */
  mean: number | null;
  /** Majority-vote accuracy: items whose unique most-voted answer is correct, over items (ties wrong). */
  majority: number | null;
  /** pass@k for k = 1 … K (index k − 1): the unbiased estimator averaged over items with at least k samples. */
  pass_at: (number | null)[];
  /** Mean agreement over items with at least two samples. */
  agreement: number | null;
}

/** A slice's judged records grouped per item, in first-met order. */
export function recordsPerItem<T extends Pick<ScoredItem, "task_id">>(records: readonly T[]): T[][] {
  const by = new Map<string, T[]>();
  for (const r of records) {
    const list = by.get(r.task_id);
    if (list) list.push(r);
    else by.set(r.task_id, [r]);
  }
  return [...by.values()];
}

/**
 * The repeated-inference scores of judged records (one slice: a family, or all): per item
 * its samples' correct share, majority vote and agreement, then their means.
 *
 * @param records Judged records of every sample (scoreSampleRecords), several per item.
 * @param samples The run's samples per item (K ≥ 1).
 * @returns Items, mean accuracy, majority-vote accuracy, pass@1 … pass@K and mean agreement (null where no item counts).
 *
 * @example
 * ```ts
 * import { sampleScores } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const rec = (task_id: string, correct: boolean) => ({ task_id, outcome: correct ? "correct" as const : "semantic" as const, vote: correct ? "A" : "B" });
 * const s = sampleScores([rec("t1", true), rec("t1", true), rec("t1", false), rec("t2", false), rec("t2", false), rec("t2", false)], 3);
 * // t1: 2 of 3 right, t2: none
 * assert.equal(s.majority, 0.5);
 * assert.deepEqual([s.mean, ...s.pass_at].map((x) => x!.toFixed(6)), ["0.333333", "0.333333", "0.500000", "0.500000"]);
 * ```
 */
export function sampleScores(records: readonly Pick<ScoredItem, "task_id" | "outcome" | "vote">[], samples: number): SampleScores {
  const items = recordsPerItem(records);
  const pass = Array.from({ length: samples }, () => ({ sum: 0, n: 0 }));
  let mean = 0, majority = 0, agree = 0, agreeN = 0;
  for (const list of items) {
    const n = list.length, c = list.filter((r) => r.outcome === "correct").length;
    mean += c / n;
    if (majorityVoteCorrect(list)) majority++;
    for (let k = 1; k <= Math.min(n, samples); k++) pass[k - 1].sum += passAtK(n, c, k), pass[k - 1].n++;
    const a = agreementRate(list);
    if (a !== null) agree += a, agreeN++;
  }
  const N = items.length;
  return {
    samples,
    items: N,
    mean: N ? mean / N : null,
    majority: N ? majority / N : null,
    pass_at: pass.map((p) => (p.n ? p.sum / p.n : null)),
    agreement: agreeN ? agree / agreeN : null,
  };
}

/** A family's (or all families') repeated-inference scores. */
export type FamilySampleScores = { family: FamilyId | "all" } & SampleScores;

/**
 * The repeated-inference scores per family present (Table 1 order), then all families.
 *
 * @param records Judged records of every sample (scoreSampleRecords).
 * @param samples The run's samples per item.
 * @returns One row per family present, then `all`.
 *
 * @example
 * ```ts
 * import { familySampleScores } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const r = (task_id: string, family: "necessity" | "transition", correct: boolean) => ({ task_id, family, outcome: correct ? "correct" as const : "semantic" as const, vote: String(correct) });
 * const rows = familySampleScores([r("t1", "necessity", true), r("t1", "necessity", false), r("t2", "transition", true), r("t2", "transition", true)], 2);
 * assert.deepEqual(rows.map((x) => [x.family, x.mean]), [["necessity", 0.5], ["transition", 1], ["all", 0.75]]);
 * ```
 */
export function familySampleScores(records: readonly Pick<ScoredItem, "task_id" | "family" | "outcome" | "vote">[], samples: number): FamilySampleScores[] {
  const rows: FamilySampleScores[] = FAMILY_IDS.filter((f) => records.some((r) => r.family === f)).map((family) => ({ family, ...sampleScores(records.filter((r) => r.family === family), samples) }));
  rows.push({ family: "all", ...sampleScores(records, samples) });
  return rows;
}
