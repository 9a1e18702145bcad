/**
 * The MechReasoner benchmark: generate it (in memory or to a directory, whole or in shards),
 * load and verify it and measure its shortcuts, evaluate a model on it (an endpoint, a
 * baseline, or a TypeScript function) through the runner of `mech eval` (run directories,
 * resume, cache, failure classes, deadlines, progress), merge sharded runs, score runs,
 * and analyze and report them; the prompt-text parser baseline. Every `mech generate`,
 * `mech tasks`, `mech eval`, `mech merge` and `mech baseline` command is a thin shell over
 * these functions.
 *
 * @example Evaluate a function model on a small benchmark, without touching the disk
 * ```ts
 * import { evaluate, generateBenchmark, scoreEvaluation } from "@mechbench/mechbench/mechreasoner";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1 });
 * const run = await evaluate({ benchmark, model: { id: "my-model", function: (req) => '{"answer": {}}' } });
 * console.log(scoreEvaluation(run).families.at(-1));
 * ```
 *
 * @module
 */
export {
  benchmarkQuality,
  type BenchmarkShard,
  generateBenchmark,
  type GenerateBenchmarkOptions,
  generateBenchmarkShard,
  type GeneratedBenchmark,
  type GenerateShardOptions,
  loadBenchmark,
  mergeBenchmarkShards,
  parseFamilyList,
  parseMechanismList,
  saveBenchmark,
  verifyBenchmark,
} from "./benchmark.ts";
export {
  type BaselineModel,
  type BenchmarkSource,
  type EndpointModel,
  evaluate,
  type EvaluateOptions,
  type Evaluation,
  type EvaluationReport,
  evaluationReport,
  type EvaluationScore,
  evaluationScoreLines,
  type EvalModel,
  type FunctionModel,
  loadEvaluation,
  loadEvaluations,
  type MergedEvaluation,
  mergeEvaluationShards,
  type OpenEvaluation,
  scoreEvaluation,
} from "./evaluate.ts";
export { shardKind, type ShardKind } from "./shards.ts";
export { viewEvaluations } from "./view_evaluations.ts";
export { type RunKind, runKind, type RunView } from "./view_kind.ts";
export { answerWithPromptParser, type PromptParserAnswer, type PromptParserFamily, type PromptParserRun, servePromptParser } from "./prompt_parser.ts";
export { PARSER_MODEL, parserReply } from "../baselines/prompt_parser/mod.ts";
export { FunctionModelClient, type FunctionModelOptions, ModelReply, type ModelReplyShape, type ModelFunction, type ModelRequest } from "../llm/function_client.ts";
export {
  type ChatMessage,
  type ChatOptions,
  type FunctionTool,
  type ModelClient,
  ModelError,
  type ModelErrorKind,
  type ModelResponse,
  type RequestContext,
  type Usage,
} from "../llm/model.ts";
export { requiresApiKey } from "../llm/openai_client.ts";
export type { RunningChatServer } from "../llm/chat_server.ts";
export { type CachedResponse, FileResponseCache, MemoryResponseCache, type ResponseCache } from "../eval/cache.ts";
export type { Benchmark, TaskSet } from "../tasks/store.ts";
export type { BenchmarkFiles } from "../tasks/manifest.ts";
export { levelLines, mechanismLines, summaryLines } from "../tasks/manifest.ts";
export { findTask, type TaskDetails, TaskNotFoundError } from "../tasks/lookup.ts";
export type { QualityReport } from "../tasks/quality/report.ts";
export { qualityLines } from "../tasks/quality/report_text.ts";
export type { VerifyResult } from "../tasks/verify.ts";
export type { GenerateProgress, GenerateTimings } from "../tasks/generate.ts";
export type { EvalProgress, EvalRunSummary } from "../eval/runner.ts";
export type { EvalItem } from "../eval/items.ts";
export type { ScoreContext } from "../eval/outcome.ts";
export type { ItemRecord, RunConfig } from "../eval/run_records.ts";
export type { FailureClass } from "../eval/record_kinds.ts";
export { baselineOf } from "../eval/plan.ts";
export { BASELINES, type BaselineName } from "../eval/baseline_client.ts";
export { ProfilesOverride } from "../eval/profiles.ts";
export type { Metrics, Price, TokenTotals } from "../eval/score.ts";
export type { CatalogRecord, Manifest, ProblemRecord, SolutionRecord, TaskRecord } from "../tasks/records.ts";
export type { ComposeSettings } from "../model/composer_record.ts";
export type { Analysis, PairedDifference, RegressionResult, SliceSamples, SliceStats } from "../eval/analysis.ts";
export type { FamilySampleScores, SampleScores } from "../eval/samples.ts";
export type { Interval } from "../eval/bootstrap.ts";
export type { Coefficient, Fit } from "../eval/regression.ts";
export { OptionsError, RunError, StoreError } from "../files/errors.ts";
export { UnitError, WorkersUnavailableError } from "../parallel/units.ts";
export { SelectionError } from "../eval/items.ts";
export { FAMILY_IDS, type FamilyId, LEVELS, type Level } from "../tasks/family.ts";
export { parseShard, type Shard, ShardError } from "../shard/shard.ts";

// The schemas the record types above are built from (their explicit types name them)
export type { ModelToolCall } from "../llm/model.ts";
export type { RuleProfileSchema } from "../episode/rules.ts";
export { RULE_PROFILES, type RuleProfile } from "../episode/rule_names.ts";
export { type Attempt, type ErrorInfo, EVAL_RUN_FORMAT, type FailureRecord, type ResponseRecord, type RunSettings } from "../eval/run_records.ts";
export type { Profile } from "../eval/profiles.ts";
export type { CellRecord, Outcome, PoolRecord, Settings } from "../tasks/records.ts";
export type { GroupedRows, QualityGoal } from "../tasks/quality/report.ts";
export type { FunctionalRecoveryRow } from "../tasks/quality/functional_recovery.ts";
export type { NecessityRow } from "../tasks/quality/necessity.ts";
export type { PlausibilityRow } from "../tasks/quality/plausibility.ts";
export type { TransitionRow } from "../tasks/quality/transition.ts";
