// The analysis of one or more model runs on one benchmark (paper §3.1, A.2, A.3, A.8):
// B1–B4 bins over the benchmark's items, e2e accuracy and the family partial score with
// 95 % cluster-bootstrap intervals for every slice (per family, per family and bin, all
// families), the same draws for every model (paired), the release-derived
// majority/constant baseline beside the models, and the stacked conditional-logistic
// regression of correctness on the bin (unadjusted, and adjusted for log prompt and log
// expected-answer characters) over every model–item record. A run of several samples per
// item adds the repeated-inference scores, the two-level interval beside the one-level one,
// and every sample's record to the regression; paired differences between the models
// come under both schemes.
import { FAMILY_IDS, type FamilyId } from "../tasks/family.ts";
import { analysisBins, BINS } from "./bins.ts";
import { BOOTSTRAP_SEED, type ClusterTotals, clusterDraws, clusterTotals, type Draws, type Interval, intervalOf, percentileInterval, replicateValues, type SampledItem, twoLevelReplicates } from "./bootstrap.ts";
import { recordsPerItem, type SampleScores, sampleScores } from "./samples.ts";
import type { EvalItem } from "./join.ts";
import { conditionalLogit, type Fit, RegressionError } from "./regression.ts";
import { judgeResponse, metrics, type Metrics, type ScoredItem } from "./score.ts";
import { majorityBaseline } from "./baselines.ts";

/** The model name of the majority/constant baseline in an analysis. */
export const MAJORITY = "majority/constant";

/** One slice of the analysis: a model's items of a family (or all), in one bin or all. */
export interface SliceStats {
  /** The model (or the majority/constant baseline). */
  model: string;
  /** The family, or "all" families pooled. */
  family: FamilyId | "all";
  /** 0–3 for B1–B4; null for the whole family (or all families). */
  bin: number | null;
  /** The slice's A.3 metrics. */
  metrics: Metrics;
  /** E2E accuracy with its 95 % cluster-bootstrap interval. */
  accuracy: Interval;
  /** The family partial score with its 95 % cluster-bootstrap interval. */
  partial: Interval;
  /**
   * A run of several samples per item only: `accuracy` and `partial` are then the means over
   * samples with the one-level interval (mechanisms resampled, each item's samples fixed);
   * this is the accuracy with the two-level interval (mechanisms, then each item's samples
   * resampled), and the repeated-inference scores (family and all-family slices).
   */
  samples?: SliceSamples;
}

/** A slice's repeated inference: the two-level interval of its accuracy and, for a family or all, the sample scores. */
export interface SliceSamples {
  /** E2E accuracy (mean over samples) with its 95 % two-level interval. */
  accuracy: Interval;
  /** Mean, majority-vote, pass@k and agreement scores (null for a family × bin slice). */
  scores: SampleScores | null;
}

/** The difference in e2e accuracy (all families) of two models, on the same bootstrap draws. */
export interface PairedDifference {
  /** The first model. */
  a: string;
  /** The second model. */
  b: string;
  /** Accuracy of a minus accuracy of b, with the one-level interval (mechanisms resampled, the same draws for both). */
  oneLevel: Interval;
  /** The same difference with the two-level interval (each model's samples resampled as well); equal to oneLevel when both runs have one sample. */
  twoLevel: Interval;
}

/** The conditional-logistic regression of correctness on the complexity bin (paper A.2). */
export interface RegressionResult {
  /** What the covariates are, in words. */
  covariate: string;
  /** The fit on the bin alone, or null when there is nothing to fit. */
  unadjusted: Fit | null;
  /** The fit adjusted for log prompt and log expected-answer characters, or null. */
  adjusted: Fit | null;
  /** Why a fit is missing (no informative stratum, a singular design …). */
  notes: string[];
}

/** The analysis of runs on one benchmark (paper §3.1, A.2, A.3, A.8). */
export interface Analysis {
  /** The models analysed, in the order given. */
  models: string[];
  /** Bin (0–3 for B1–B4) of every benchmark item, by task id. */
  bins: Map<string, number>;
  /** Items per bin, per family. */
  binSizes: Map<FamilyId, number[]>;
  /** Cluster-bootstrap replicates drawn. */
  replicates: number;
  /** Every slice: per model, family (and all) and bin (and none). */
  slices: SliceStats[];
  /** The regression of correctness on the bin. */
  regression: RegressionResult;
  /** The most samples per item of any run (1: every run has one). */
  samples: number;
  /** Each pair of runs (the baseline left out), in the order given: the paired difference in e2e accuracy. */
  differences: PairedDifference[];
}

/**
 * The majority/constant baseline's judged records on the given items (fitted to all of them).
 *
 * @param all Every item of the benchmark (the baseline is fitted to their gold).
 * @param items The items to judge it on.
 * @returns The baseline's judged records, model `majority/constant`.
 *
 * @example
 * ```ts
 * import { benchmarkItems, majorityRecords } from "@mechbench/mechbench/scorer";
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
 * const records = majorityRecords(items, items);
 * assert.deepEqual(records.map((r) => [r.model, r.outcome]), [["majority/constant", "semantic"], ["majority/constant", "correct"]]);
 * ```
 */
export function majorityRecords(all: readonly EvalItem[], items: readonly EvalItem[]): ScoredItem[] {
  const answers = majorityBaseline(all.map((i) => ({ task_id: i.task_id, family: i.family, answer: i.gold })));
  return items.map((it) => judgeResponse(MAJORITY, it, JSON.stringify({ answer: answers.get(it.task_id) })));
}

const totalsOf = (draws: Draws, items: readonly ScoredItem[], value: (s: ScoredItem) => number): ClusterTotals =>
  clusterTotals(draws, items.map((s) => ({ mechanism: s.mechanism, value: value(s) })));

/**
 * The analysis of runs on one benchmark (paper §3.1, A.2, A.3, A.8): B1–B4 bins over all items,
 * each slice's metrics with 95 % mechanism-level cluster-bootstrap intervals (the same draws
 * for every model), the majority/constant baseline first, and the regression of correctness
 * on the bin. analyzeRuns is the same on plain JSON.
 *
 * @param p.all Every item of the benchmark.
 * @param p.runs Each run's model and judged records.
 * @param p.replicates Bootstrap replicates (default 10,000).
 * @param p.seed The bootstrap's seed.
 * @param p.baseline Add the baseline (default true).
 * @param p.regression Fit the regression (default true).
 * @returns Models, bins, bin sizes, slices (with two-level intervals and sample scores for runs of several samples), the regression, the samples per item and the paired differences between runs.
 *
 * @example
 * ```ts
 * import { analyze, benchmarkItems, judgeResponse } from "@mechbench/mechbench/scorer";
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
 * const run = { model: "my-model", items: items.map((it) => judgeResponse("my-model", it, "no idea")) };
 * const a = analyze({ all: items, runs: [run], replicates: 100, regression: false });
 * assert.deepEqual(a.models, ["majority/constant", "my-model"]);
 * const all = a.slices.find((s) => s.model === "my-model" && s.family === "all")!;
 * assert.equal(all.accuracy.estimate, 0);
 * ```
 */
export function analyze(p: {
  /** Every item of the benchmark (bins and bootstrap clusters come from the release). */
  all: readonly EvalItem[];
  runs: readonly { model: string; items: readonly ScoredItem[] }[];
  replicates?: number;
  seed?: string;
  /** Add the majority/constant baseline as a row (default true). */
  baseline?: boolean;
  /** Fit the regression (default true). */
  regression?: boolean;
}): Analysis {
  const bins = analysisBins(p.all);
  const binSizes = new Map<FamilyId, number[]>();
  for (const it of p.all) {
    const sizes = binSizes.get(it.family) ?? [0, 0, 0, 0];
    sizes[bins.get(it.task_id)!]++;
    binSizes.set(it.family, sizes);
  }
  const seed = p.seed ?? BOOTSTRAP_SEED;
  const draws = clusterDraws(p.all.map((i) => i.mechanism), p.replicates, seed);
  const runs = p.baseline === false ? [...p.runs] : [{ model: MAJORITY, items: majorityRecords(p.all, p.all) }, ...p.runs];
  const slices: SliceStats[] = [];
  // the replicate values of each run's all-family accuracy, for the paired differences
  const pooled = new Map<string, { estimate: number | null; one: Float64Array; two: Float64Array }>();
  let most = 1;
  for (const run of runs) {
    const samples = samplesIn(run.items);
    most = Math.max(most, samples);
    const keys: { family: FamilyId | "all"; bin: number | null; items: readonly ScoredItem[] }[] = [];
    for (const f of FAMILY_IDS) {
      const fam = run.items.filter((s) => s.family === f);
      if (!fam.length) continue;
      keys.push({ family: f, bin: null, items: fam });
      BINS.forEach((_, b) => {
        const inBin = fam.filter((s) => bins.get(s.task_id) === b);
        if (inBin.length) keys.push({ family: f, bin: b, items: inBin });
      });
    }
    keys.push({ family: "all", bin: null, items: run.items });
    // one value per item: its samples' mean (the record itself with one sample)
    const perItem = (items: readonly ScoredItem[], value: (s: ScoredItem) => number) =>
      samples === 1 ? totalsOf(draws, items, value) : clusterTotals(draws, recordsPerItem(items).map((list) => ({ mechanism: list[0].mechanism, value: list.reduce((a, s) => a + value(s), 0) / list.length })));
    const two = samples === 1 ? null : twoLevel(draws, run.items, keys, `${seed}/samples/${run.model}`);
    keys.forEach((k, i) => {
      const accuracy = perItem(k.items, correctValue), partial = perItem(k.items, partialValue);
      const stat: SliceStats = { model: run.model, family: k.family, bin: k.bin, metrics: metrics(k.items), accuracy: percentileInterval(draws, accuracy), partial: percentileInterval(draws, partial) };
      if (two) {
        stat.samples = { accuracy: intervalOf(stat.accuracy.estimate, two[i]), scores: k.bin === null ? sampleScores(k.items, samples) : null };
      }
      slices.push(stat);
      if (k.family === "all" && run.model !== MAJORITY) {
        const one = replicateValues(draws, accuracy);
        pooled.set(run.model, { estimate: stat.accuracy.estimate, one, two: two ? two[i] : one });
      }
    });
  }
  const differences: PairedDifference[] = [];
  const models = [...pooled.keys()];
  for (const [i, a] of models.entries()) {
    for (const b of models.slice(i + 1)) {
      const x = pooled.get(a)!, y = pooled.get(b)!;
      const estimate = x.estimate === null || y.estimate === null ? null : x.estimate - y.estimate;
      differences.push({ a, b, oneLevel: intervalOf(estimate, x.one.map((v, r) => v - y.one[r])), twoLevel: intervalOf(estimate, x.two.map((v, r) => v - y.two[r])) });
    }
  }
  const regression = p.regression === false ? { covariate: "", unadjusted: null, adjusted: null, notes: ["not fitted"] } : regress(p.runs, bins);
  return { models: runs.map((r) => r.model), bins, binSizes, replicates: draws.replicates, slices, regression, samples: most, differences };
}

const correctValue = (s: ScoredItem) => (s.outcome === "correct" ? 1 : 0);
// the e2e partial score: protocol and infrastructure failures count 0
const partialValue = (s: ScoredItem) => (s.outcome === "correct" || s.outcome === "semantic" ? s.component : 0);

/** Samples per item of a run's judged records: one more than the highest sample index (1 without any). */
function samplesIn(items: readonly ScoredItem[]): number {
  let k = 1;
  for (const s of items) if (s.sample !== undefined) k = Math.max(k, s.sample + 1);
  return k;
}

/** The two-level replicates of every slice's accuracy of a run (keys, in order). */
function twoLevel(draws: Draws, records: readonly ScoredItem[], keys: readonly { family: FamilyId | "all"; bin: number | null; items: readonly ScoredItem[] }[], key: string): Float64Array[] {
  const slicesOf = new Map<string, number[]>();
  keys.forEach((k, i) => {
    for (const id of new Set(k.items.map((s) => s.task_id))) slicesOf.set(id, [...(slicesOf.get(id) ?? []), i]);
  });
  const items: SampledItem[] = recordsPerItem(records).map((list) => ({ mechanism: list[0].mechanism, slices: slicesOf.get(list[0].task_id)!, correct: list.map((s) => (s.outcome === "correct" ? 1 as const : 0 as const)) }));
  return twoLevelReplicates(draws, items, keys.length, key);
}

/**
 * Stacked conditional logit over every model–item record of the runs (not the derived
 * baseline): y = correct end to end; strata model × family × mechanism; clusters the
 * mechanisms; covariate the bin as an ordinal score 1–4.
 */
export function regress(runs: readonly { model: string; items: readonly ScoredItem[] }[], bins: ReadonlyMap<string, number>): RegressionResult {
  const notes: string[] = [];
  const records = runs.flatMap((r) => r.items.map((s) => ({ s, model: r.model })));
  const build = (adjusted: boolean) =>
    records.map(({ s, model }) => ({
      stratum: `${model}\u0000${s.family}\u0000${s.mechanism}`,
      cluster: s.mechanism,
      y: (s.outcome === "correct" ? 1 : 0) as 0 | 1,
      x: adjusted ? [bins.get(s.task_id)! + 1, Math.log(s.prompt_chars), Math.log(Math.max(1, s.answer_chars))] : [bins.get(s.task_id)! + 1],
    }));
  const attempt = (adjusted: boolean): Fit | null => {
    try {
      return conditionalLogit(build(adjusted), adjusted ? ["bin (1–4)", "log prompt chars", "log answer chars"] : ["bin (1–4)"]);
    } catch (e) {
      if (!(e instanceof RegressionError)) throw e;
      notes.push(`${adjusted ? "adjusted" : "unadjusted"} fit: ${e.message}`);
      return null;
    }
  };
  return { covariate: "complexity bin, ordinal 1–4 (B1–B4)", unadjusted: attempt(false), adjusted: attempt(true), notes };
}

