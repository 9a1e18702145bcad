// The files of a model run (one model on one benchmark): run.json, the configuration
// that identifies it, and records.jsonl, one line per finished item, appended as items
// finish. A response line holds the raw text exactly as the endpoint returned it; a
// failure line an infrastructure failure with its history. Judging happens at scoring
// time, from these lines and the benchmark's gold.
import { z } from "zod";
import { Usage } from "../llm/model.ts";
import { FamilyId } from "../tasks/family.ts";
import { FailureClass } from "./record_kinds.ts";
import { Shard } from "../shard/shard.ts";

export const EVAL_RUN_FORMAT = "mechbench-eval/1";

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const TaskId = z.string().regex(/^task_[0-9a-f]{16}$/);

export const RunSettings = z.object({
  max_output_tokens: z.int().positive(),
  temperature: z.number().min(0).max(2).nullable(),
  reasoning_effort: z.enum(["minimal", "low", "medium", "high"]).nullable(),
  json_object: z.boolean(),
}).strict();
export type RunSettings = z.infer<typeof RunSettings>;

export const RunConfig = z.object({
  format: z.literal(EVAL_RUN_FORMAT),
  model: z.string().min(1),
  /** The endpoint's base URL, or `baseline:NAME` for an in-process baseline. */
  endpoint: z.string().min(1),
  /** The environment variable that held the API key (never the key). */
  api_key_env: z.string().nullable(),
  tasks: z.object({ dir: z.string().min(1), completion_sha256: Sha256, retained: z.int().min(0) }).strict(),
  selection: z.object({
    families: z.array(FamilyId).nullable(),
    mechanisms: z.array(z.string()).nullable(),
    limit: z.int().positive().nullable(),
    /** Present in a shard's run (mech eval --shard): which of N; its items are that shard's. */
    shard: Shard.optional(),
  }).strict(),
  settings: RunSettings,
  /** The request fields sent beside model and messages, after the model's profile. */
  request: z.record(z.string(), z.unknown()),
  system_message: z.string().min(1),
  items: z.int().min(0),
  created: z.iso.datetime(),
}).strict();
export type RunConfig = z.infer<typeof RunConfig>;

/** The fields whose change makes it a different run (resume refuses to mix them). */
export const IDENTITY_FIELDS = ["model", "endpoint", "tasks", "selection", "request", "system_message"] as const;

export const ErrorInfo = z.object({
  kind: z.string(),
  status: z.int().nullable(),
  message: z.string(),
}).strict();
export type ErrorInfo = z.infer<typeof ErrorInfo>;

/** One request attempt: how long it took and, when it failed, why. */
export const Attempt = z.object({
  started: z.iso.datetime(),
  latency_ms: z.number().min(0),
  error: ErrorInfo.nullable(),
  /** The wait before the next attempt (rate limits only). */
  delay_ms: z.number().min(0).optional(),
}).strict();
export type Attempt = z.infer<typeof Attempt>;


const ItemFields = {
  task_id: TaskId,
  family: FamilyId,
  mechanism: z.string().min(1),
  /** SHA-256 of the request's identity (endpoint, model, controls, messages): the cache key. */
  request_sha256: Sha256,
  attempts: z.array(Attempt).min(0),
  latency_ms: z.number().min(0),
  finished: z.iso.datetime(),
};

export const ResponseRecord = z.object({
  type: z.literal("response"),
  ...ItemFields,
  content: z.string().nullable(),
  finish_reason: z.string().nullable(),
  usage: Usage.nullable(),
  reasoning: z.string().optional(),
  /** True when the response came from the response cache (no request was sent). */
  cached: z.boolean(),
}).strict();
export type ResponseRecord = z.infer<typeof ResponseRecord>;

export const FailureRecord = z.object({
  type: z.literal("failure"),
  ...ItemFields,
  class: FailureClass,
  error: ErrorInfo,
}).strict();
export type FailureRecord = z.infer<typeof FailureRecord>;

export const ItemRecord = z.discriminatedUnion("type", [ResponseRecord, FailureRecord]);
export type ItemRecord = z.infer<typeof ItemRecord>;
