// The B1–B4 analysis bins of paper A.8 (distinct from the generation levels D1–D4):
// within one family, items ordered by (C(i), mechanism id, task id); items of equal C(i)
// form an indivisible tie block; cut j (j = 1, 2, 3) sits at the tie-block boundary
// nearest its cumulative equal-count target j·n/4, an exact distance tie taking the
// earlier boundary. Bin k holds the items between cuts k-1 and k (cut 0 = 0, cut 4 = n).
/** The analysis bins' names, by index 0–3. */
export const BINS = ["B1", "B2", "B3", "B4"] as const;
/** An analysis bin, B1–B4. */
export type Bin = (typeof BINS)[number];

/** What binning reads of an item. */
export interface Binnable {
  /** The item's task id. */
  task_id: string;
  /** Its mechanism (the second sort key). */
  mechanism: string;
  /** Its complexity C(i) (the first sort key). */
  complexity: number;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The three cuts (positions in the sorted order) for sorted complexities.
 *
 * @param sorted One family's complexities, ascending.
 * @returns The three cut positions; bin k holds the positions from cut k−1 (0 for the first) up to cut k.
 *
 * @example
 * ```ts
 * import { binCuts } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.deepEqual(binCuts([1, 2, 3, 4, 5, 6, 7, 8]), [2, 4, 6]);
 * assert.deepEqual(binCuts([1, 1, 1, 1, 2, 2, 2, 2]), [0, 4, 4]); // tie blocks stay whole
 * ```
 */
export function binCuts(sorted: readonly number[]): [number, number, number] {
  const n = sorted.length;
  // tie-block boundaries: 0, every position where C changes, n
  const bounds = [0];
  for (let p = 1; p < n; p++) if (sorted[p] !== sorted[p - 1]) bounds.push(p);
  if (n > 0) bounds.push(n);
  const cut = (j: number) => {
    const target = (j * n) / 4;
    let best = bounds[0];
    for (const b of bounds) if (Math.abs(b - target) < Math.abs(best - target)) best = b; // strict: ties keep the earlier
    return best;
  };
  return [cut(1), cut(2), cut(3)];
}

/**
 * Bin index 0–3 of every item of one family, by task id.
 *
 * @param items One family's items (task id, mechanism, complexity).
 * @returns Each item's bin, 0–3 for B1–B4, by task id.
 *
 * @example
 * ```ts
 * import { familyBins } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const items = [1, 2, 3, 4].map((c) => ({ task_id: `t${c}`, mechanism: "m", complexity: c }));
 * assert.deepEqual([...familyBins(items)], [["t1", 0], ["t2", 1], ["t3", 2], ["t4", 3]]);
 * ```
 */
export function familyBins(items: readonly Binnable[]): Map<string, number> {
  const sorted = [...items].sort((a, b) => a.complexity - b.complexity || cmp(a.mechanism, b.mechanism) || cmp(a.task_id, b.task_id));
  const cuts = binCuts(sorted.map((i) => i.complexity));
  const out = new Map<string, number>();
  sorted.forEach((it, p) => out.set(it.task_id, cuts.filter((c) => c <= p).length));
  return out;
}

/**
 * Bins of items of several families: each family binned on its own.
 *
 * @param items Items of any families (task id, family, mechanism, complexity).
 * @returns Each item's bin, 0–3 for B1–B4, by task id.
 *
 * @example
 * ```ts
 * import { analysisBins } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const item = (task_id: string, family: string, complexity: number) => ({ task_id, family, mechanism: "m", complexity });
 * const bins = analysisBins([item("a", "necessity", 1), item("b", "necessity", 9), item("c", "transition", 5)]);
 * assert.equal(bins.size, 3);
 * assert.ok(bins.get("a")! < bins.get("b")!);
 * ```
 */
export function analysisBins<T extends Binnable & { family: string }>(items: readonly T[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of new Set(items.map((i) => i.family))) {
    for (const [id, b] of familyBins(items.filter((i) => i.family === f))) out.set(id, b);
  }
  return out;
}
