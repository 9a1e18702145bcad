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
  return intervalOf(S / N, replicateValues(draws, t), level);
}

/**
 * Each replicate's value of a slice (Σ_g w_rg S_g / Σ_g w_rg n_g), NaN where the drawn
 * mechanisms hold no item of the slice: what percentileInterval ranks, kept for paired
 * differences (the same replicate of two models subtracted).
 *
 * @param draws The bootstrap's draws (clusterDraws).
 * @param t The slice's totals (clusterTotals).
 * @returns One value per replicate.
 *
 * @example
 * ```ts
 * import { clusterDraws, clusterTotals, replicateValues } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const draws = clusterDraws(["a", "b"], 50);
 * const v = replicateValues(draws, clusterTotals(draws, [{ mechanism: "a", value: 1 }, { mechanism: "b", value: 1 }]));
 * assert.ok(v.every((x) => x === 1));
 * ```
 */
export function replicateValues(draws: Draws, t: ClusterTotals): Float64Array {
  const G = draws.mechanisms.length;
  const used: number[] = [];
  for (let g = 0; g < G; g++) if (t.n[g] > 0) used.push(g);
  const values = new Float64Array(draws.replicates);
  for (let r = 0; r < draws.replicates; r++) {
    let n = 0, s = 0;
    const base = r * G;
    for (const g of used) {
      const w = draws.weights[base + g];
      if (w) n += w * t.n[g], s += w * t.sum[g];
    }
    values[r] = n > 0 ? s / n : NaN;
  }
  return values;
}

/**
 * An estimate and the nearest-rank 95 % percentile interval of replicate values (NaN
 * values, undefined replicates, are left out): lower = the ⌈0.025·K⌉-th and upper = the
 * ⌈0.975·K⌉-th of the K defined ones, sorted.
 *
 * @param estimate The point estimate (null: the slice is empty).
 * @param values One value per replicate (replicateValues, twoLevelReplicates, or differences of them).
 * @param level The interval's coverage (default 0.95).
 * @returns The estimate, the interval's ends and how many replicates are defined.
 *
 * @example
 * ```ts
 * import { intervalOf } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const values = Float64Array.from({ length: 100 }, (_, r) => r / 100);
 * assert.deepEqual(intervalOf(0.5, values), { estimate: 0.5, lower: 0.02, upper: 0.97, defined: 100 });
 * ```
 */
export function intervalOf(estimate: number | null, values: Float64Array, level = 0.95): Interval {
  if (estimate === null) return { estimate: null, lower: null, upper: null, defined: 0 };
  const defined = new Float64Array(values.length);
  let k = 0;
  for (const v of values) if (!Number.isNaN(v)) defined[k++] = v;
  const v = defined.subarray(0, k).sort();
  const a = (1 - level) / 2;
  const rank = (p: number) => v[Math.min(k - 1, Math.max(0, Math.ceil(p * k) - 1))];
  return { estimate, lower: k ? rank(a) : null, upper: k ? rank(1 - a) : null, defined: k };
}

/** One item of a two-level bootstrap: its mechanism, the slices it belongs to, and whether each of its samples was right. */
export interface SampledItem {
  /** The item's mechanism (one of the draws' clusters). */
  mechanism: string;
  /** Indices of the slices the item belongs to (0 … slices − 1). */
  slices: readonly number[];
  /** One outcome per sample, 1 (right) or 0 (wrong); at least one. */
  correct: readonly (0 | 1)[];
}

/**
 * The two-level cluster bootstrap of an accuracy (docs/evaluation.md, "Repeated
 * inference"): replicate r takes the mechanism draws of `draws` (shared with the one-level
 * bootstrap and every model), and for every copy of a drawn mechanism and every item in it
 * draws the item's k samples again, k times with replacement; the item's value is the share
 * right among the drawn samples, and a slice's value the item-weighted mean over its drawn
 * items. With one sample per item every replicate equals the one-level bootstrap's.
 *
 * How it is computed, exactly and fast: an item whose samples agree needs no draw; an item
 * with c of k right contributes Binomial(k, c/k)/k. Within a mechanism the items of equal k
 * that belong to the same slices form a cell, whose summed count has the exact distribution
 * of the convolution of its items' binomials; each copy of the mechanism draws one value per
 * cell from it (one uniform, a binary search), which is the same in distribution as drawing
 * every item's samples, and adds it to each of the cell's slices.
 *
 * @param draws The mechanism draws (clusterDraws).
 * @param items The items, each with its slices and its samples' outcomes.
 * @param slices The number of slices.
 * @param key The inner draws' stream key (e.g. the bootstrap's seed and the model).
 * @returns One Float64Array of replicate values per slice (NaN where the replicate holds no item of the slice).
 * @throws {RangeError} When an item's mechanism is not among the draws', it has no sample or an outcome other than 0 and 1, or a slice index is out of range.
 *
 * @example
 * ```ts
 * import { clusterDraws, twoLevelReplicates } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * const draws = clusterDraws(["m"], 200);
 * // one item, two samples: right once, wrong once
 * const [v] = twoLevelReplicates(draws, [{ mechanism: "m", slices: [0], correct: [1, 0] }], 1, "example");
 * assert.ok(v.every((x) => x === 0 || x === 0.5 || x === 1));
 * assert.ok(v.some((x) => x === 0) && v.some((x) => x === 1));
 * ```
 */
export function twoLevelReplicates(draws: Draws, items: readonly SampledItem[], slices: number, key: string): Float64Array[] {
  const G = draws.mechanisms.length, R = draws.replicates;
  const at = new Map(draws.mechanisms.map((m, g) => [m, g]));
  // per mechanism: per slice the item count and the agreeing items' summed values; the cells apart
  const fixed: { slice: number; n: number; sum: number }[][] = Array.from({ length: G }, () => []);
  const cells: Map<string, { slices: readonly number[]; k: number; pmf: Float64Array }>[] = Array.from({ length: G }, () => new Map());
  for (const it of items) {
    const g = at.get(it.mechanism);
    if (g === undefined) throw new RangeError(`mechanism ${it.mechanism} is not among the bootstrap's clusters`);
    const k = it.correct.length;
    if (k === 0 || it.correct.some((x) => x !== 0 && x !== 1)) throw new RangeError(`an item of ${it.mechanism} has no samples, or an outcome other than 0 and 1`);
    const c = it.correct.reduce<number>((a, x) => a + x, 0);
    for (const s of it.slices) {
      if (!(s >= 0 && s < slices)) throw new RangeError(`slice ${s} is out of range (0 … ${slices - 1})`);
      let e = fixed[g].find((x) => x.slice === s);
      if (!e) fixed[g].push(e = { slice: s, n: 0, sum: 0 });
      e.n++;
      if (c === 0 || c === k) e.sum += c / k;
    }
    if (c === 0 || c === k) continue;
    const id = `${k}/${it.slices.join(",")}`;
    const cell = cells[g].get(id) ?? { slices: it.slices, k, pmf: Float64Array.of(1) };
    cell.pmf = convolve(cell.pmf, binomialPmf(k, c / k));
    cells[g].set(id, cell);
  }
  const cdfs = cells.map((m) => [...m.values()].map((cell) => ({ slices: cell.slices, k: cell.k, cdf: cumulative(cell.pmf) })));
  const out = Array.from({ length: slices }, () => new Float64Array(R));
  const n = new Float64Array(slices), sum = new Float64Array(slices);
  const rng = keyedRandom(key);
  for (let r = 0; r < R; r++) {
    n.fill(0);
    sum.fill(0);
    const base = r * G;
    for (let g = 0; g < G; g++) {
      const w = draws.weights[base + g];
      if (!w) continue;
      for (const e of fixed[g]) {
        n[e.slice] += w * e.n;
        sum[e.slice] += w * e.sum;
      }
      for (const cell of cdfs[g]) {
        for (let copy = 0; copy < w; copy++) {
          const v = firstAbove(cell.cdf, rng.next()) / cell.k;
          for (const s of cell.slices) sum[s] += v;
        }
      }
    }
    for (let s = 0; s < slices; s++) out[s][r] = n[s] > 0 ? sum[s] / n[s] : NaN;
  }
  return out;
}

/** P(X = j), j = 0 … k, for X ~ Binomial(k, p). */
function binomialPmf(k: number, p: number): Float64Array {
  // powers by repeated multiplication, not Math.pow: IEEE products are the same in every runtime
  const pow = (x: number, n: number) => {
    let y = 1;
    for (let i = 0; i < n; i++) y *= x;
    return y;
  };
  const out = new Float64Array(k + 1);
  let choose = 1;
  for (let j = 0; j <= k; j++) {
    out[j] = choose * pow(p, j) * pow(1 - p, k - j);
    choose = (choose * (k - j)) / (j + 1);
  }
  return out;
}

/** The distribution of the sum of two independent counts. */
function convolve(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length + b.length - 1);
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) out[i + j] += a[i] * b[j];
  return out;
}

function cumulative(pmf: Float64Array): Float64Array {
  const out = new Float64Array(pmf.length);
  let acc = 0;
  for (let j = 0; j < pmf.length; j++) out[j] = acc += pmf[j];
  return out;
}

/** The first index whose cumulative probability exceeds u (the last when rounding leaves the total under 1). */
function firstAbove(cdf: Float64Array, u: number): number {
  let lo = 0, hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] > u) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
