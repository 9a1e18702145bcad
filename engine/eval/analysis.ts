// The analysis of one or more model runs on one benchmark (paper §3.1, A.2, A.3, A.8):
// B1–B4 bins over the benchmark's items, e2e accuracy and the family partial score with
// 95 % cluster-bootstrap intervals for every slice (per family, per family and bin, all
// families), the same draws for every model (paired), the release-derived
// majority/constant baseline beside the models, and the stacked conditional-logistic
// regression of correctness on the bin (unadjusted, and adjusted for log prompt and log
// expected-answer characters) over every model–item record.
import { FAMILY_IDS, type FamilyId } from "../tasks/family.ts";
import { analysisBins, BINS } from "./bins.ts";
import { type ClusterTotals, clusterDraws, clusterTotals, type Draws, type Interval, percentileInterval } from "./bootstrap.ts";
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
 * @returns Models, bins, bin sizes, slices and the regression.
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
  const draws = clusterDraws(p.all.map((i) => i.mechanism), p.replicates, p.seed);
  const runs = p.baseline === false ? [...p.runs] : [{ model: MAJORITY, items: majorityRecords(p.all, p.all) }, ...p.runs];
  const slices: SliceStats[] = [];
  for (const run of runs) {
    const stat = (family: FamilyId | "all", bin: number | null, items: readonly ScoredItem[]) => {
      slices.push({
        model: run.model,
        family,
        bin,
        metrics: metrics(items),
        accuracy: percentileInterval(draws, totalsOf(draws, items, (s) => (s.outcome === "correct" ? 1 : 0))),
        // the e2e partial score: protocol and infrastructure failures count 0
        partial: percentileInterval(draws, totalsOf(draws, items, (s) => (s.outcome === "correct" || s.outcome === "semantic" ? s.component : 0))),
      });
    };
    for (const f of FAMILY_IDS) {
      const fam = run.items.filter((s) => s.family === f);
      if (!fam.length) continue;
      stat(f, null, fam);
      BINS.forEach((_, b) => {
        const inBin = fam.filter((s) => bins.get(s.task_id) === b);
        if (inBin.length) stat(f, b, inBin);
      });
    }
    stat("all", null, run.items);
  }
  const regression = p.regression === false ? { covariate: "", unadjusted: null, adjusted: null, notes: ["not fitted"] } : regress(p.runs, bins);
  return { models: runs.map((r) => r.model), bins, binSizes, replicates: draws.replicates, slices, regression };
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

