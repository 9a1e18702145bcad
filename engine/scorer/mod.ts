// Mechbench's portable scorer: the public entry of the npm package (build.mjs bundles this
// module and everything it imports into one ES module with zod inside). It scores model
// outputs on plain JSON wherever JavaScript runs: no file system, no runtime-specific API,
// no WebAssembly in its module graph. docs/scorer.md is its reference; what is exported
// here is the versioned API (SCORER_VERSION, semver).

export { SCORER_VERSION } from "./version.ts";
export { type InputIssue, parseJsonLines, ScorerInputError } from "./input.ts";

// MechReasoner on rows: items, runs, the analysis
export { analyzeRuns, benchmarkItems, checkResponses, FailureRow, type FamilyRow, ResponseRow, type RunAnalysis, type RunScore, scoreRun } from "./mechreasoner.ts";

// MechReasoner's scoring steps, one by one (paper A.3, A.7, A.8)
export type { EvalItem } from "../eval/join.ts";
export { FAMILY_IDS, type FamilyId, LEVELS, type Level } from "../tasks/family.ts";
export { SolutionRecord, TaskRecord } from "../tasks/records.ts";
export { type Extraction, extractAnswer } from "../eval/extract.ts";
export {
  normalize,
  normalizeFunctionalRecovery,
  normalizeNecessity,
  normalizePlausibility,
  normalizeStateConsistency,
  normalizeTraceFaithfulness,
  normalizeTransition,
  type Normalized,
  type Request,
  requestOf,
} from "../eval/normalize.ts";
export { componentScore, judge, type Judgement, type OutcomeClass, type ScoreContext } from "../eval/outcome.ts";
export { costOf, familyMetrics, type FamilyMetrics, failureCounts, judgeResponse, type JudgeableRecord, metrics, type Metrics, type Price, type ScoredItem, type ScoredRun, scoreRecords, type TokenTotals, tokenTotals } from "../eval/score.ts";
export { FailureClass, latestByTask } from "../eval/record_kinds.ts";
export { analysisBins, type Bin, type Binnable, binCuts, BINS, familyBins } from "../eval/bins.ts";
export { BOOTSTRAP_REPLICATES } from "../eval/defaults.ts";
export { BOOTSTRAP_SEED, type ClusterTotals, clusterDraws, clusterTotals, type Draws, type Interval, percentileInterval } from "../eval/bootstrap.ts";
export { analyze, type Analysis, MAJORITY, majorityRecords, type RegressionResult, type SliceStats } from "../eval/analysis.ts";
export type { Coefficient, Fit } from "../eval/regression.ts";
export { majorityBaseline } from "../eval/baselines.ts";

// PhysMent: episodes on plain records, and every scoring function under `physment`
export { gradePhysmentAnswer, type PhysmentScores, scoreEpisodes } from "./physment.ts";
export * as physment from "../physment/score/mod.ts";
