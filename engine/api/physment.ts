/**
 * The PhysMent benchmark: an agent experiments in a MuJoCo scene through 26 tools and
 * answers a physics question. Run the grid of scenes × iteration budgets with an agent (an
 * OpenAI-compatible endpoint, a TypeScript function that gets the messages and the tools'
 * schemas and replies with tool calls, or the built-in scenes' reference procedures), with
 * the transcripts in a directory (the files `mech physment run` writes, resumable) or in
 * memory; score the transcripts (C, E, G, V, R per episode; accuracy, G′ and the Final
 * Score per model, budget and category) and render the report. Also: load a scene, run tool
 * calls against it without a model, verify the built-in scenes, merge a sharded run.
 *
 * @example An agent written as a function, on one scene, without touching the disk
 * ```ts
 * import { type ModelRequest, runPhysment, scorePhysment } from "@mechbench/mechbench/physment";
 *
 * // first turn: let the world run 0.5 s and read object 1's velocity; then answer its vertical part
 * function agent(req: ModelRequest) {
 *   const results = req.messages.filter((m) => m.role === "tool");
 *   if (!results.length) {
 *     return {
 *       content: "I let it fall and measure.",
 *       toolCalls: [
 *         { name: "step", arguments: { duration: 0.5 } },
 *         { name: "get_velocity", arguments: { object_id: "object_1" } },
 *       ],
 *     };
 *   }
 *   const velocity = JSON.parse(results.at(-1)!.content ?? "{}").result?.velocity ?? [0, 0, 0];
 *   return { content: `vz = ${velocity[2]}`, toolCalls: [{ name: "answer", arguments: { answer: velocity[2] } }] };
 * }
 *
 * const run = await runPhysment({ model: { id: "drop-and-read", function: agent }, scenes: [7], budgets: [5] });
 * console.log(scorePhysment(run).summaries.at(-1));
 * ```
 *
 * @module
 */
export {
  physmentEpisodes,
  type PhysmentGridOptions,
  type PhysmentModel,
  type PhysmentRun,
  type PhysmentTranscript,
  type ReferenceModel,
  runPhysment,
  type RunPhysmentOptions,
} from "./physment_run.ts";
export {
  loadPhysmentTranscripts,
  physmentReport,
  type PhysmentReport,
  type PhysmentReportOptions,
  type PhysmentScores,
  type PhysmentTranscriptSource,
  scorePhysment,
  type ScorePhysmentOptions,
} from "./physment_score.ts";
export {
  type CategoryCount,
  execToolCalls,
  loadPhysmentScene,
  type LoadPhysmentSceneOptions,
  physmentSceneNumbers,
  type PhysmentToolCall,
  type PhysmentVerification,
  UnknownSceneError,
  verifyPhysmentScenes,
  type VerifyPhysmentOptions,
} from "./physment_scenes.ts";
export { type ScenePaths, scenePaths } from "../physment/scene/files.ts";
export { type Scene, SceneError, type SceneErrorKind, type SceneObject } from "../physment/scene/load.ts";
export type { ObjectPermissions, SceneAnswer, SceneJson } from "../physment/scene/schema.ts";
export { SceneMismatchError, type TranscriptText, type UnfinishedTranscript } from "../physment/evaluate.ts";
export { ToolCall, type ToolResult, type ToolSpec } from "../physment/protocol.ts";
export type { EpisodeOutcome, EpisodeSpec, ProgressEvent, RunSummary } from "../physment/agent/runner.ts";
export { type EpisodeResult, EpisodeTimeoutError, type FailureKind } from "../physment/agent/loop.ts";
export type { Strategy } from "../physment/agent/prompt.ts";
export type { ProtocolName } from "../physment/agent/protocols.ts";
export type { EndRecord } from "../physment/agent/transcript.ts";
export { type MergedPhysment, mergePhysmentShards, PHYSMENT_SHARD_FORMAT, type PhysmentSettings } from "../physment/agent/shard_run.ts";
export type { SceneVerdict } from "../physment/verify.ts";
export { viewPhysmentRuns } from "./view_physment.ts";
export { type RunKind, runKind, type RunView } from "./view_kind.ts";
export { type GivenUp, type PhysmentVariants, varyPhysmentScenes, type VaryPhysmentOptions, type VaryProgress } from "./physment_vary.ts";
export type { RejectionReason, Variant } from "../physment/variation/vary.ts";
export type { Values } from "../physment/variation/declare.ts";
export type { VariantEntry, VariantsRecord } from "../physment/variation/record.ts";
export type { ProblemKind } from "../physment/verify.ts";
export type { Answer } from "../physment/reference.ts";
export {
  type Assertion,
  CATEGORIES,
  type Category,
  type CategoryId,
  type Dimension,
  DIMENSIONS,
  type EpisodeScore,
  type EquivalenceClass,
  type Grade,
  type ParsedPart,
  type PartGrade,
  type PartKind,
  type PartRegrade,
  type Regrade,
  type Summary,
} from "../physment/score/mod.ts";
export type { EndpointModel, FunctionModel } from "./evaluate.ts";
export type { ModelFunction, ModelReplyShape, ModelRequest } from "../llm/function_client.ts";
export { type ChatMessage, type FunctionTool, ModelError, type ModelErrorKind, type Usage } from "../llm/model.ts";
export { OptionsError, RunError, StoreError } from "../files/errors.ts";
export { ShardError } from "../shard/shard.ts";

// The schemas the record types above are built from (their explicit types name them)
export type { SceneMetadata, SceneObjectEntry } from "../physment/scene/schema.ts";
export type { AnswerValue, EndReason } from "../physment/agent/transcript.ts";
export type { ModelToolCall } from "../llm/model.ts";
