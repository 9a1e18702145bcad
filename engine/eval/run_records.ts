// The files of a model run (one model on one benchmark): run.json, the configuration
// that identifies it, and records.jsonl, one line per finished item, appended as items
// finish. A response line holds the raw text exactly as the endpoint returned it; a
// failure line an infrastructure failure with its history. Judging happens at scoring
// time, from these lines and the benchmark's gold.
import { z } from "zod";
import { Usage } from "../llm/model.ts";
import { FamilyId } from "../tasks/family.ts";
import { FailureClass, MAX_SAMPLES } from "./record_kinds.ts";
import { Shard } from "../shard/shard.ts";

/** The format of run.json (its `format` field). */
export const EVAL_RUN_FORMAT = "mechbench-eval/1";

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const TaskId = z.string().regex(/^task_[0-9a-f]{16}$/);

/** The request settings a run was asked for (before its model's profile). */
export const RunSettings: z.ZodObject<
  {
    max_output_tokens: z.ZodInt;
    temperature: z.ZodNullable<z.ZodNumber>;
    reasoning_effort: z.ZodNullable<z.ZodEnum<{ minimal: "minimal"; low: "low"; medium: "medium"; high: "high" }>>;
    json_object: z.ZodBoolean;
  },
  z.core.$strict
> = z.object({
  max_output_tokens: z.int().positive(),
  temperature: z.number().min(0).max(2).nullable(),
  reasoning_effort: z.enum(["minimal", "low", "medium", "high"]).nullable(),
  json_object: z.boolean(),
}).strict();
/** The request settings a run was asked for: output limit, temperature, reasoning effort, JSON-object mode. */
export type RunSettings = z.infer<typeof RunSettings>;

/** run.json: what identifies a model run and how it was configured. */
export const RunConfig: z.ZodObject<
  {
    format: z.ZodLiteral<typeof EVAL_RUN_FORMAT>;
    model: z.ZodString;
    endpoint: z.ZodString;
    api_key_env: z.ZodNullable<z.ZodString>;
    tasks: z.ZodObject<{ dir: z.ZodString; completion_sha256: z.ZodString; retained: z.ZodInt }, z.core.$strict>;
    selection: z.ZodObject<
      {
        families: z.ZodNullable<z.ZodArray<typeof FamilyId>>;
        mechanisms: z.ZodNullable<z.ZodArray<z.ZodString>>;
        limit: z.ZodNullable<z.ZodInt>;
        shard: z.ZodOptional<typeof Shard>;
      },
      z.core.$strict
    >;
    settings: typeof RunSettings;
    request: z.ZodRecord<z.ZodString, z.ZodUnknown>;
    system_message: z.ZodString;
    samples: z.ZodOptional<z.ZodInt>;
    items: z.ZodInt;
    created: z.ZodISODateTime;
  },
  z.core.$strict
> = z.object({
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
  /** Independent requests per item (mech eval --samples), present when more than one: absent is one. */
  samples: z.int().min(2).max(MAX_SAMPLES).optional(),
  items: z.int().min(0),
  created: z.iso.datetime(),
}).strict();
/** A run's run.json: model, endpoint, API key variable (never the key), benchmark, selection, settings, the request controls sent, the system message, samples per item (when more than one), item count and creation time. */
export type RunConfig = z.infer<typeof RunConfig>;

/** The fields whose change makes it a different run (resume refuses to mix them). */
export const IDENTITY_FIELDS = ["model", "endpoint", "tasks", "selection", "request", "system_message", "samples"] as const;

/** The samples per item of a run (1 when its run.json names none). */
export const samplesOf = (config: Pick<RunConfig, "samples">): number => config.samples ?? 1;

/** Why a request failed: the error's kind, HTTP status and message. */
export const ErrorInfo: z.ZodObject<
  { kind: z.ZodString; status: z.ZodNullable<z.ZodInt>; message: z.ZodString },
  z.core.$strict
> = z.object({
  kind: z.string(),
  status: z.int().nullable(),
  message: z.string(),
}).strict();
/** Why a request failed: the error's kind, HTTP status and message. */
export type ErrorInfo = z.infer<typeof ErrorInfo>;

/** One request attempt: how long it took and, when it failed, why. */
export const Attempt: z.ZodObject<
  {
    started: z.ZodISODateTime;
    latency_ms: z.ZodNumber;
    error: z.ZodNullable<typeof ErrorInfo>;
    delay_ms: z.ZodOptional<z.ZodNumber>;
  },
  z.core.$strict
> = z.object({
  started: z.iso.datetime(),
  latency_ms: z.number().min(0),
  error: ErrorInfo.nullable(),
  /** The wait before the next attempt (rate limits only). */
  delay_ms: z.number().min(0).optional(),
}).strict();
/** One request attempt: when it started, how long it took, why it failed, and the wait after it. */
export type Attempt = z.infer<typeof Attempt>;


const ItemFields = {
  task_id: TaskId,
  family: FamilyId,
  mechanism: z.string().min(1),
  /** SHA-256 of the request's identity (endpoint, model, controls, messages, sample index): the cache key. */
  request_sha256: Sha256,
  /** Which of the run's samples this is, 0-based; written in runs of several samples only (absent is 0). */
  sample: z.int().min(0).max(MAX_SAMPLES - 1).optional(),
  attempts: z.array(Attempt).min(0),
  latency_ms: z.number().min(0),
  finished: z.iso.datetime(),
};

/** A line of records.jsonl for an item the model answered. */
export const ResponseRecord: z.ZodObject<
  {
    content: z.ZodNullable<z.ZodString>;
    finish_reason: z.ZodNullable<z.ZodString>;
    usage: z.ZodNullable<typeof Usage>;
    reasoning: z.ZodOptional<z.ZodString>;
    cached: z.ZodBoolean;
    task_id: z.ZodString;
    family: typeof FamilyId;
    mechanism: z.ZodString;
    request_sha256: z.ZodString;
    sample: z.ZodOptional<z.ZodInt>;
    attempts: z.ZodArray<typeof Attempt>;
    latency_ms: z.ZodNumber;
    finished: z.ZodISODateTime;
    type: z.ZodLiteral<"response">;
  },
  z.core.$strict
> = z.object({
  type: z.literal("response"),
  ...ItemFields,
  content: z.string().nullable(),
  finish_reason: z.string().nullable(),
  usage: Usage.nullable(),
  reasoning: z.string().optional(),
  /** True when the response came from the response cache (no request was sent). */
  cached: z.boolean(),
}).strict();
/** An item the model answered: the raw content exactly as returned, finish reason, usage, reasoning, whether it came from the cache, and every attempt. */
export type ResponseRecord = z.infer<typeof ResponseRecord>;

/** A line of records.jsonl for an item that got no response. */
export const FailureRecord: z.ZodObject<
  {
    class: typeof FailureClass;
    error: typeof ErrorInfo;
    task_id: z.ZodString;
    family: typeof FamilyId;
    mechanism: z.ZodString;
    request_sha256: z.ZodString;
    sample: z.ZodOptional<z.ZodInt>;
    attempts: z.ZodArray<typeof Attempt>;
    latency_ms: z.ZodNumber;
    finished: z.ZodISODateTime;
    type: z.ZodLiteral<"failure">;
  },
  z.core.$strict
> = z.object({
  type: z.literal("failure"),
  ...ItemFields,
  class: FailureClass,
  error: ErrorInfo,
}).strict();
/** An item that got no response: its infrastructure failure class, the last error and every attempt. */
export type FailureRecord = z.infer<typeof FailureRecord>;

/** A line of records.jsonl: a response or a failure. */
export const ItemRecord: z.ZodDiscriminatedUnion<[typeof ResponseRecord, typeof FailureRecord], "type"> = z.discriminatedUnion("type", [ResponseRecord, FailureRecord]);
/** A line of records.jsonl: one finished item, a response or an infrastructure failure. */
export type ItemRecord = z.infer<typeof ItemRecord>;
