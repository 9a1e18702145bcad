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

export const MAJORITY = "majority/constant";

export interface SliceStats {
  model: string;
  family: FamilyId | "all";
  /** 0–3 for B1–B4; null for the whole family (or all families). */
  bin: number | null;
  metrics: Metrics;
  accuracy: Interval;
  partial: Interval;
}

export interface RegressionResult {
  covariate: string;
  unadjusted: Fit | null;
  adjusted: Fit | null;
  /** Why a fit is missing (no informative stratum, a singular design …). */
  notes: string[];
}

export interface Analysis {
  models: string[];
  /** Bin of every benchmark item, by task id; bin sizes per family. */
  bins: Map<string, number>;
  binSizes: Map<FamilyId, number[]>;
  replicates: number;
  slices: SliceStats[];
  regression: RegressionResult;
}

/** The majority/constant baseline's judged records on the given items (fitted to all of them). */
export function majorityRecords(all: readonly EvalItem[], items: readonly EvalItem[]): ScoredItem[] {
  const answers = majorityBaseline(all.map((i) => ({ task_id: i.task_id, family: i.family, answer: i.gold })));
  return items.map((it) => judgeResponse(MAJORITY, it, JSON.stringify({ answer: answers.get(it.task_id) })));
}

const totalsOf = (draws: Draws, items: readonly ScoredItem[], value: (s: ScoredItem) => number): ClusterTotals =>
  clusterTotals(draws, items.map((s) => ({ mechanism: s.mechanism, value: value(s) })));

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

