/**
 * The MechReasoner benchmark: generate it (in memory or to a directory), load and verify
 * it, evaluate a model on it (an endpoint, a baseline, or a TypeScript function) through the
 * runner of `mech eval`, score the run, and analyze and report runs.
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
export { generateBenchmark, type GenerateBenchmarkOptions, loadBenchmark, saveBenchmark, verifyBenchmark } from "./benchmark.ts";
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
  type EvalModel,
  type FunctionModel,
  loadEvaluation,
  scoreEvaluation,
} from "./evaluate.ts";
export { FunctionModelClient, type FunctionModelOptions, ModelReply, type ModelReplyShape, type ModelFunction, type ModelRequest } from "../llm/function_client.ts";
export { type ChatMessage, ModelError, type ModelErrorKind, type Usage } from "../llm/model.ts";
export { FileResponseCache, MemoryResponseCache, type ResponseCache } from "../eval/cache.ts";
export type { Benchmark } from "../tasks/store.ts";
export type { VerifyResult } from "../tasks/verify.ts";
export type { GenerateProgress } from "../tasks/generate.ts";
export type { EvalProgress, EvalRunSummary } from "../eval/runner.ts";
export type { EvalItem } from "../eval/items.ts";
export type { ItemRecord, RunConfig } from "../eval/run_records.ts";
export type { Manifest, SolutionRecord, TaskRecord } from "../tasks/records.ts";
export type { Analysis } from "../eval/analysis.ts";
export { OptionsError, RunError, StoreError } from "../files/errors.ts";
export { SelectionError } from "../eval/items.ts";
export { FAMILY_IDS, type FamilyId, LEVELS, type Level } from "../tasks/family.ts";
