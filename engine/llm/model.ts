// A language model as both benchmarks see it: a chat of messages in, one response out.
// The message shapes follow the OpenAI Chat Completions API (the lingua franca of
// compatible servers) but are our own zod types, so transcripts and loops do not depend on
// a client library. Implementations: OpenAIModelClient (openai_client.ts, any compatible
// endpoint), FunctionModelClient (a TypeScript function, function_client.ts), the
// evaluator's BaselineClient, and PhysMent's ScriptedModelClient,
// ProcedureClient (the reference agent) and ReplayClient (a resumed episode); each passes
// the one contract suite, model_client.contract.test_support.ts.
import { z } from "zod";

/** A function call as a model emits it: the arguments are a JSON text, not yet parsed. */
export const ModelToolCall: z.ZodObject<
  { id: z.ZodString; name: z.ZodString; arguments: z.ZodString },
  z.core.$strict
> = z.object({
  id: z.string().min(1),
  name: z.string(),
  arguments: z.string(),
}).strict();
/** A function call as a model emits it: the arguments are a JSON text, not yet parsed. */
export type ModelToolCall = z.infer<typeof ModelToolCall>;

/** The schema of a chat message. */
export const ChatMessage: z.ZodDiscriminatedUnion<
  [
    z.ZodObject<{ role: z.ZodLiteral<"system">; content: z.ZodString }, z.core.$strict>,
    z.ZodObject<{ role: z.ZodLiteral<"user">; content: z.ZodString }, z.core.$strict>,
    z.ZodObject<
      {
        role: z.ZodLiteral<"assistant">;
        content: z.ZodNullable<z.ZodString>;
        tool_calls: z.ZodOptional<z.ZodArray<typeof ModelToolCall>>;
        reasoning: z.ZodOptional<z.ZodString>;
      },
      z.core.$strict
    >,
    z.ZodObject<{ role: z.ZodLiteral<"tool">; tool_call_id: z.ZodString; content: z.ZodString }, z.core.$strict>,
  ],
  "role"
> = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content: z.string() }).strict(),
  z.object({ role: z.literal("user"), content: z.string() }).strict(),
  z.object({
    role: z.literal("assistant"),
    content: z.string().nullable(),
    tool_calls: z.array(ModelToolCall).optional(),
    /** Reasoning text some servers return beside the content; recorded, never sent back. */
    reasoning: z.string().optional(),
  }).strict(),
  z.object({ role: z.literal("tool"), tool_call_id: z.string().min(1), content: z.string() }).strict(),
]);
/** A chat message: a system, user, assistant (with tool calls) or tool message. */
export type ChatMessage = z.infer<typeof ChatMessage>;

/** The schema of a response's token usage. */
export const Usage: z.ZodObject<
  { prompt_tokens: z.ZodInt; completion_tokens: z.ZodInt; total_tokens: z.ZodInt },
  z.core.$strict
> = z.object({
  prompt_tokens: z.int().min(0),
  completion_tokens: z.int().min(0),
  total_tokens: z.int().min(0),
}).strict();
/** The tokens a request used: prompt, completion and total. */
export type Usage = z.infer<typeof Usage>;

/** A model's response, checked. */
export const ModelResponse: z.ZodObject<
  {
    content: z.ZodNullable<z.ZodString>;
    toolCalls: z.ZodArray<typeof ModelToolCall>;
    usage: z.ZodNullable<typeof Usage>;
    reasoning: z.ZodOptional<z.ZodString>;
    finishReason: z.ZodOptional<z.ZodNullable<z.ZodString>>;
  },
  z.core.$strict
> = z.object({
  content: z.string().nullable(),
  toolCalls: z.array(ModelToolCall),
  usage: Usage.nullable(),
  reasoning: z.string().optional(),
  finishReason: z.string().nullable().optional(),
}).strict();
/** A model's response: its content, tool calls, token usage, reasoning and finish reason. */
export type ModelResponse = z.infer<typeof ModelResponse>;

/** A tool offered for native function calling (OpenAI's `tools` entry, function kind). */
export interface FunctionTool {
  /** Always "function". */
  type: "function";
  /** The tool's name, what it does, and its parameters as a JSON Schema. */
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/**
 * What a caller knows about a request beyond its messages: the evaluator's task, the request
 * controls of the run, the sample index. Clients that speak HTTP ignore it (the controls are
 * already in their request body); a function model receives it.
 */
export interface RequestContext {
  /** The task's identity and labels (task_id, family, mechanism, level, complexity; scene and budget in PhysMent). */
  task?: Readonly<Record<string, string | number>>;
  /** The request fields the run sends beside model and messages (its profile's controls). */
  controls?: Readonly<Record<string, unknown>>;
  /** Which of an item's independent requests this is, from 0. */
  sample?: number;
}

/** How a chat call is made: its signal and what it is for. */
export interface ChatOptions {
  /** Cancels the call: it fails as ModelError "aborted" (at once, counting for nothing, when already aborted). */
  signal?: AbortSignal;
  /** What the request is for; see RequestContext. */
  context?: RequestContext;
}

/**
 * A language model both benchmarks' runners call: a conversation (and tools) in, one
 * response out. FunctionModelClient makes any TypeScript function one.
 */
export interface ModelClient {
  /** The model's name as recorded in transcripts. */
  readonly model: string;
  /**
   * True when a response depends on nothing but the request (no script or procedure that
   * advances with each call), so a response recorded earlier may stand in for asking again:
   * a resumed PhysMent episode replays its recorded responses to such a client's model.
   */
  readonly stateless?: boolean;
  /**
   * One model response to the whole conversation so far. Failures are thrown as
   * ModelError (retryable or not); other exceptions are programming errors.
   */
  chat(messages: readonly ChatMessage[], tools?: readonly FunctionTool[], options?: ChatOptions): Promise<ModelResponse>;
}

/**
 * Why a model call failed. rate_limit (HTTP 429), timeout, transport (connection refused or
 * reset), server (HTTP 408, 409, 5xx) and malformed (HTTP 200 whose body is not a chat
 * completion: not JSON, no choices; a gateway's error page) are retryable; oversize (a body
 * past the response-size limit, cut off while it streamed in), fatal (any other HTTP error,
 * an exhausted script) and aborted are not.
 */
export type ModelErrorKind = "rate_limit" | "timeout" | "transport" | "server" | "malformed" | "oversize" | "fatal" | "aborted";

/**
 * A failed model call, of a kind that decides whether a retry may help and which
 * infrastructure failure class a run records (rate_limit, timeout, transport; server is a
 * gateway failure; malformed; fatal with an HTTP status is an http failure). A model function
 * throws one to report such a failure itself.
 *
 * @example A function model that reports its service's overload as a gateway failure
 * ```ts
 * import { evaluate, generateBenchmark, ModelError } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper"], families: ["necessity"], perLevel: 1 });
 * const overloaded = () => {
 *   throw new ModelError("server", "the service is overloaded", { status: 503 });
 * };
 * const run = await evaluate({ benchmark, model: { id: "overloaded", function: overloaded } });
 * assert.deepEqual(run.summary?.failures, { gateway: benchmark.tasks.length });
 * assert.ok(new ModelError("rate_limit", "slow down").retryable);
 * ```
 */
export class ModelError extends Error {
  /** What kind of failure it is. */
  readonly kind: ModelErrorKind;
  /** The HTTP status, when there was one. */
  readonly status: number | undefined;
  /** Seconds the server asked us to wait (Retry-After), when it said so. */
  readonly retryAfterSeconds: number | undefined;

  /**
   * A failure of this kind.
   *
   * @param kind What kind of failure it is.
   * @param message What happened, for the run's records.
   * @param opts The HTTP status, the server's Retry-After in seconds, and the cause.
   */
  constructor(
    kind: ModelErrorKind,
    message: string,
    opts: { status?: number; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = "ModelError";
    this.kind = kind;
    this.status = opts.status;
    this.retryAfterSeconds = opts.retryAfterSeconds;
  }

  /** Whether sending the request again may succeed (rate_limit, timeout, transport, server, malformed). */
  get retryable(): boolean {
    return this.kind === "rate_limit" || this.kind === "timeout" || this.kind === "transport" ||
      this.kind === "server" || this.kind === "malformed";
  }
}

export function addUsage(total: Usage, u: Usage | null): Usage {
  if (!u) return total;
  return {
    prompt_tokens: total.prompt_tokens + u.prompt_tokens,
    completion_tokens: total.completion_tokens + u.completion_tokens,
    total_tokens: total.total_tokens + u.total_tokens,
  };
}

export const ZERO_USAGE: Usage = Object.freeze({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
