// The public entry of the scorer (also the npm package mechbench-scorer, bundled with zod
// inside). No file system, no runtime-specific API, no WebAssembly in its module graph.
/**
 * Mechbench's portable scorer: both benchmarks' scoring on plain JSON, wherever JavaScript
 * runs. MechReasoner: a benchmark's rows become items (benchmarkItems), a model's responses
 * are judged and measured as `mech eval score` does (scoreRun), and runs are analyzed as
 * `mech eval report` does (analyzeRuns); every step is exported on its own. PhysMent:
 * episode records are scored and summarized as `mech physment score` does (scoreEpisodes),
 * and `physment` holds every scoring function. Bad input throws ScorerInputError naming
 * each problem's place. The exports are a semver API under SCORER_VERSION.
 *
 * @example Score a model's responses on a benchmark's rows
 * ```ts
 * import { benchmarkItems, scoreRun } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * // the rows of tasks.jsonl and solutions.jsonl (parseJsonLines reads a file's text)
 * const tasks = [{ task_id: "task_00000000000000a1", family: "necessity", mechanism: "mechanics_damper", level: "D1", complexity: 4, prompt_tokens: 120, prompt: "…" }];
 * const solutions = [{ task_id: "task_00000000000000a1", answer: { necessity_labels: "UUNN" }, audit: {} }];
 * const run = scoreRun({
 *   items: benchmarkItems(tasks, solutions),
 *   responses: [{ task_id: "task_00000000000000a1", content: '{"answer": {"necessity_labels": "UUNU"}}' }],
 * });
 * assert.equal(run.families.at(-1)!.e2e_accuracy, 0);
 * assert.equal(run.families.at(-1)!.partial_e2e, 0.75);
 * ```
 *
 * @module
 */

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
export { costOf, familyMetrics, type FamilyMetrics, failureCounts, judgeResponse, type JudgeableRecord, metrics, type Metrics, type Price, type ScoredItem, type ScoredRun, scoreRecords, scoreSampleRecords, type TokenTotals, tokenTotals } from "../eval/score.ts";
export { FailureClass, latestBySample, latestByTask, MAX_SAMPLES } from "../eval/record_kinds.ts";
export { agreementRate, familySampleScores, type FamilySampleScores, majorityVoteCorrect, passAtK, type SampleScores, sampleScores } from "../eval/samples.ts";
export { analysisBins, type Bin, type Binnable, binCuts, BINS, familyBins } from "../eval/bins.ts";
export { BOOTSTRAP_REPLICATES } from "../eval/defaults.ts";
export { BOOTSTRAP_SEED, type ClusterTotals, clusterDraws, clusterTotals, type Draws, type Interval, intervalOf, percentileInterval, replicateValues, type SampledItem, twoLevelReplicates } from "../eval/bootstrap.ts";
export { analyze, type Analysis, MAJORITY, majorityRecords, type PairedDifference, type RegressionResult, type SliceSamples, type SliceStats } from "../eval/analysis.ts";
export type { Coefficient, Fit } from "../eval/regression.ts";
export { majorityBaseline } from "../eval/baselines.ts";

// PhysMent: episodes on plain records, and every scoring function under `physment`
export { gradePhysmentAnswer, type PhysmentScores, scoreEpisodes } from "./physment.ts";
/**
 * PhysMent's scoring, every part: the strict matcher (Eq. 4) and its answer parser, the
 * §5.4 regrade, the six dimensions, the run summaries and the Final Score, the categories
 * and the schemas of episode records.
 */
export * as physment from "../physment/score/mod.ts";

// The types the functions above take and return
export type {
  Assertion,
  Category,
  CategoryId,
  Containment,
  Dimension,
  EpisodeScore,
  EquivalenceClass,
  Grade,
  MatchOptionsInput,
  ParsedPart,
  PartGrade,
  PartKind,
  PartRegrade,
  Regrade,
  ScoreOptionsInput,
  Summary,
  SummaryOptionsInput,
  Weights,
} from "../physment/score/mod.ts";
export type { GoldItem } from "../eval/baselines.ts";
export { CATEGORIES, DIMENSIONS } from "../physment/score/mod.ts";
