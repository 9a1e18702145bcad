// Mechanism-level cluster bootstrap (paper A.3): each replicate draws as many mechanisms
// as there are, with replacement, uniformly; a slice's statistic is item-weighted over
// the drawn mechanisms (a mechanism drawn twice counts twice). The draws depend only on
// the seed and the sorted mechanism ids, so every model is resampled with the same draws
// (paired comparisons) and runs are identical everywhere.
import { keyedRandom } from "../files/random.ts";

import { BOOTSTRAP_REPLICATES } from "./defaults.ts";
/** The bootstrap's default seed: the same draws in every run of every version that keeps it. */
export const BOOTSTRAP_SEED = "mechbench-bootstrap-v1";

/** The cluster bootstrap's draws (clusterDraws). */
export interface Draws {
  /** The clusters, sorted. */
  mechanisms: string[];
  /** Replicates drawn. */
  replicates: number;
  /** weights[r * G + g]: how often replicate r drew mechanism g. */
  weights: Uint16Array;
}

/**
 * Replicate r's draws come from the stream keyed `SEED/r/MECHANISMS`.
 *
 * @param mechanisms The clusters (duplicates and order do not matter).
 * @param replicates Replicates to draw (default BOOTSTRAP_REPLICATES).
 * @param seed The seed (default BOOTSTRAP_SEED).
 * @returns The sorted mechanisms and each replicate's draw count per mechanism.
 *
 * @example
 * ```ts
 * import { clusterDraws } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const draws = clusterDraws(["b", "a", "b"], 100);
 * assert.deepEqual(draws.mechanisms, ["a", "b"]);
 * assert.equal(draws.weights.length, 200);
 * assert.deepEqual(clusterDraws(["a", "b"], 100).weights, draws.weights); // the same draws everywhere
 * ```
 */
export function clusterDraws(mechanisms: readonly string[], replicates = BOOTSTRAP_REPLICATES, seed = BOOTSTRAP_SEED): Draws {
  const ms = [...new Set(mechanisms)].sort();
  const G = ms.length;
  const weights = new Uint16Array(replicates * G);
  const key = ms.join(",");
  for (let r = 0; r < replicates; r++) {
    const rng = keyedRandom(`${seed}/${r}/${key}`);
    for (let k = 0; k < G; k++) weights[r * G + rng.int(G)]++;
  }
  return { mechanisms: ms, replicates, weights };
}

/** Per mechanism of a slice: items and the summed statistic (correct count, or partial score sum). */
export interface ClusterTotals {
  /** Items per mechanism, indexed like Draws.mechanisms. */
  n: Float64Array;
  /** The summed statistic per mechanism. */
  sum: Float64Array;
}

/**
 * Per mechanism of the draws: the slice's items and their summed values.
 *
 * @param draws The bootstrap's draws (clusterDraws).
 * @param items The slice's items: mechanism and value (1 for correct, or a partial score).
 * @returns Items and summed values, indexed like `draws.mechanisms`.
 * @throws {RangeError} When an item's mechanism is not among the draws' mechanisms.
 *
 * @example
 * ```ts
 * import { clusterDraws, clusterTotals } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const t = clusterTotals(clusterDraws(["a", "b"], 10), [{ mechanism: "a", value: 1 }, { mechanism: "a", value: 0 }, { mechanism: "b", value: 1 }]);
 * assert.deepEqual([[...t.n], [...t.sum]], [[2, 1], [1, 1]]);
 * ```
 */
export function clusterTotals(draws: Draws, items: readonly { mechanism: string; value: number }[]): ClusterTotals {
  const at = new Map(draws.mechanisms.map((m, g) => [m, g]));
  const n = new Float64Array(draws.mechanisms.length), sum = new Float64Array(draws.mechanisms.length);
  for (const it of items) {
    const g = at.get(it.mechanism);
    if (g === undefined) throw new RangeError(`mechanism ${it.mechanism} is not among the bootstrap's clusters`);
    n[g]++;
    sum[g] += it.value;
  }
  return { n, sum };
}

/** An estimate and its 95 % percentile interval (null where the slice has no items). */
export interface Interval {
  /** The item-weighted estimate. */
  estimate: number | null;
  /** The interval's lower end. */
  lower: number | null;
  /** The interval's upper end. */
  upper: number | null;
  /** Replicates whose drawn mechanisms held items of the slice (the others have no value). */
  defined: number;
}

/**
 * The item-weighted estimate and its 95 % percentile interval: the replicate values
 * sorted, lower = the ⌈0.025·K⌉-th and upper = the ⌈0.975·K⌉-th of the K defined ones.
 *
 * @param draws The bootstrap's draws (clusterDraws).
 * @param t The slice's totals (clusterTotals).
 * @param level The interval's coverage (default 0.95).
 * @returns The estimate, the interval's ends and how many replicates are defined (all null and 0 without items).
 *
 * @example
 * ```ts
 * import { clusterDraws, clusterTotals, percentileInterval } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const draws = clusterDraws(["a", "b"], 1000);
 * const i = percentileInterval(draws, clusterTotals(draws, [{ mechanism: "a", value: 1 }, { mechanism: "b", value: 0 }]));
 * assert.equal(i.estimate, 0.5);
 * assert.ok(i.lower! <= 0.5 && 0.5 <= i.upper!);
 * ```
 */
export function percentileInterval(draws: Draws, t: ClusterTotals, level = 0.95): Interval {
  const G = draws.mechanisms.length;
  let N = 0, S = 0;
  for (let g = 0; g < G; g++) N += t.n[g], S += t.sum[g];
  if (N === 0) return { estimate: null, lower: null, upper: null, defined: 0 };
  const used: number[] = [];
  for (let g = 0; g < G; g++) if (t.n[g] > 0) used.push(g);
  const values = new Float64Array(draws.replicates);
  let k = 0;
  for (let r = 0; r < draws.replicates; r++) {
    let n = 0, s = 0;
    const base = r * G;
    for (const g of used) {
      const w = draws.weights[base + g];
      if (w) n += w * t.n[g], s += w * t.sum[g];
    }
    if (n > 0) values[k++] = s / n;
  }
  const v = values.subarray(0, k).sort();
  const a = (1 - level) / 2;
  const rank = (p: number) => v[Math.min(k - 1, Math.max(0, Math.ceil(p * k) - 1))];
  return { estimate: S / N, lower: k ? rank(a) : null, upper: k ? rank(1 - a) : null, defined: k };
}
