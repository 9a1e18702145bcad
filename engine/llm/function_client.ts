// A model written as a TypeScript function: another vendor's SDK, a local model, an agent, a
// few-shot or self-consistency wrapper, an ensemble. FunctionModelClient makes such a function
// a ModelClient, so it runs through the same runners as an endpoint (records, cache, retries,
// failure classes, deadlines). The function's reply crosses a boundary and is checked like an
// endpoint's body: a reply that is not a ModelReply is a "malformed" failure, not a crash.
import { z } from "zod";
import { type ChatMessage, type ChatOptions, type FunctionTool, type ModelClient, ModelError, type ModelResponse } from "./model.ts";

/** What a function model is asked: the conversation, the tools offered, and what the request is for. */
export interface ModelRequest {
  /** The model id the caller gave the function (recorded in runs and cache keys). */
  model: string;
  /** The whole conversation so far (MechReasoner: the system message and the prompt). */
  messages: readonly ChatMessage[];
  /** The first system message's text, or null. */
  system: string | null;
  /** The last user message's text ("" when there is none). */
  prompt: string;
  /** Tools offered for function calling (PhysMent's tool schemas; empty in MechReasoner). */
  tools: readonly FunctionTool[];
  /** The task's identity and labels when the runner knows them (task_id, family, mechanism, level, complexity), else null. */
  task: Readonly<Record<string, string | number>> | null;
  /** The request controls the run would send an endpoint (max tokens, temperature, reasoning effort). */
  controls: Readonly<Record<string, unknown>>;
  /** Which of an item's independent requests this is, from 0. */
  sample: number;
  /** Aborted when the run stops or the request's deadline passes; pass it on to fetch or an SDK. */
  signal: AbortSignal;
}

/** Token counts a function may report; total_tokens defaults to their sum. */
const ReplyUsage = z.object({
  prompt_tokens: z.int().min(0),
  completion_tokens: z.int().min(0),
  total_tokens: z.int().min(0).optional(),
}).strict();

/** A tool call in a reply: arguments as JSON text or as an object (serialized for the transcript). */
const ReplyToolCall = z.object({
  name: z.string().min(1),
  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
  id: z.string().min(1).optional(),
}).strict();

/** A function model's answer: its text, tool calls, token usage and why it stopped. */
export const ModelReply: z.ZodObject<
  {
    content: z.ZodNullable<z.ZodString>;
    toolCalls: z.ZodOptional<
      z.ZodArray<
        z.ZodObject<
          {
            name: z.ZodString;
            arguments: z.ZodUnion<readonly [z.ZodString, z.ZodRecord<z.ZodString, z.ZodUnknown>]>;
            id: z.ZodOptional<z.ZodString>;
          },
          z.core.$strict
        >
      >
    >;
    usage: z.ZodOptional<
      z.ZodNullable<
        z.ZodObject<
          { prompt_tokens: z.ZodInt; completion_tokens: z.ZodInt; total_tokens: z.ZodOptional<z.ZodInt> },
          z.core.$strict
        >
      >
    >;
    finishReason: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    reasoning: z.ZodOptional<z.ZodString>;
  },
  z.core.$strict
> = z.object({
  content: z.string().nullable(),
  toolCalls: z.array(ReplyToolCall).optional(),
  usage: ReplyUsage.nullable().optional(),
  finishReason: z.string().nullable().optional(),
  reasoning: z.string().optional(),
}).strict();

/** The shape ModelReply checks (spelled out, so the public type needs no inference). */
export interface ModelReplyShape {
  /** The answer text (null when the model only calls tools). */
  content: string | null;
  /** Function calls, PhysMent's agents only; arguments as JSON text or an object. */
  toolCalls?: { name: string; arguments: string | Record<string, unknown>; id?: string }[];
  /** Token counts, when the model reports them (they enter the run's token totals). */
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens?: number } | null;
  /** Why the model stopped ("stop", "length", …), when known. */
  finishReason?: string | null;
  /** Reasoning text beside the answer; recorded, never sent back. */
  reasoning?: string;
}
// The interface (what a function returns) and the schema (what checks it) describe the same objects.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sameReply: Same<z.output<typeof ModelReply>, ModelReplyShape> = true;
void _sameReply;

/**
 * A model as a function: a request in, a reply (or just its text) out. Throw a ModelError to
 * report an infrastructure failure of a given kind (rate_limit is retried with backoff);
 * any other exception is recorded as a failure of the model function.
 */
export type ModelFunction = (request: ModelRequest) => ModelReplyShape | string | Promise<ModelReplyShape | string>;

/** FunctionModelClient's settings. */
export interface FunctionModelOptions {
  /** The id runs, transcripts and cache keys record for this function; change it when the function changes. */
  model: string;
  /** Milliseconds a request may take before it fails as a timeout (its signal is aborted); default none. */
  timeoutMs?: number;
  /** True (the default) when a reply depends only on the request, so a recorded reply may stand in for asking again. */
  stateless?: boolean;
}

const lastUser = (messages: readonly ChatMessage[]): string => {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m.role === "user") return m.content;
  }
  return "";
};

/**
 * A ModelClient that calls a TypeScript function (see ModelFunction): what evaluate makes of
 * a `{id, function}` model. Use it directly to give a function model to code that takes a
 * ModelClient.
 *
 * @example
 * ```ts
 * import { FunctionModelClient } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * const client = new FunctionModelClient((req) => `you said: ${req.prompt}`, { model: "echo" });
 * const reply = await client.chat([{ role: "user", content: "hello" }]);
 * assert.equal(reply.content, "you said: hello");
 * ```
 */
export class FunctionModelClient implements ModelClient {
  /** The model id (FunctionModelOptions.model). */
  readonly model: string;
  /** Whether a reply depends only on the request. */
  readonly stateless: boolean;
  readonly #fn: ModelFunction;
  readonly #timeoutMs: number | undefined;
  #calls = 0;

  /**
   * Wraps a model function.
   *
   * @param fn The model function.
   * @param options Its id, deadline and statelessness.
   * @throws {TypeError} When `fn` is not a function, the id is empty, or the deadline is not positive.
   */
  constructor(fn: ModelFunction, options: FunctionModelOptions) {
    if (typeof fn !== "function") throw new TypeError(`a function model must be a function (got ${typeof fn})`);
    if (typeof options?.model !== "string" || !options.model.trim()) throw new TypeError("model: a function model needs an id (a non-empty string) for runs and the cache");
    if (options.timeoutMs !== undefined && !(options.timeoutMs > 0)) throw new TypeError(`timeoutMs: expected a positive number of milliseconds, got ${options.timeoutMs}`);
    this.#fn = fn;
    this.model = options.model;
    this.stateless = options.stateless ?? true;
    this.#timeoutMs = options.timeoutMs;
  }

  /**
   * Calls the function with the conversation, the tools and the request's context.
   *
   * @throws {ModelError} "timeout" past the deadline, "aborted" when the signal aborts, "malformed" for a reply that is not a ModelReply, the function's own ModelError, or "fatal" for anything else it throws.
   */
  async chat(messages: readonly ChatMessage[], tools?: readonly FunctionTool[], options: ChatOptions = {}): Promise<ModelResponse> {
    if (options.signal?.aborted) throw new ModelError("aborted", "aborted");
    const call = ++this.#calls;
    const inner = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort = () => {};
    // the run's stop and the deadline both abort the function's signal and end the wait
    const cut = new Promise<never>((_, reject) => {
      onAbort = () => {
        inner.abort(options.signal?.reason);
        reject(new ModelError("aborted", "aborted"));
      };
      options.signal?.addEventListener("abort", onAbort, { once: true });
      if (this.#timeoutMs !== undefined) {
        timer = setTimeout(() => {
          const e = new ModelError("timeout", `the model function gave no reply within ${this.#timeoutMs} ms`);
          inner.abort(e);
          reject(e);
        }, this.#timeoutMs);
      }
    });
    const system = messages.find((m) => m.role === "system");
    const request: ModelRequest = {
      model: this.model,
      messages,
      system: system ? system.content : null,
      prompt: lastUser(messages),
      tools: tools ?? [],
      task: options.context?.task ?? null,
      controls: options.context?.controls ?? {},
      sample: options.context?.sample ?? 0,
      signal: inner.signal,
    };
    let raw: unknown;
    try {
      raw = await Promise.race([Promise.resolve().then(() => this.#fn(request)), cut]);
    } catch (e) {
      if (e instanceof ModelError) throw e;
      throw new ModelError("fatal", `the model function failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    }
    return toResponse(raw, call);
  }
}

function toResponse(raw: unknown, call: number): ModelResponse {
  if (typeof raw === "string") return { content: raw, toolCalls: [], usage: null, finishReason: null };
  const r = ModelReply.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    const at = issue.path.length ? `reply.${issue.path.join(".")}` : "reply";
    throw new ModelError("malformed", `malformed reply from the model function: at ${at}: ${issue.message} (expected a string or {content, toolCalls?, usage?, finishReason?})`);
  }
  const d = r.data;
  return {
    content: d.content,
    toolCalls: (d.toolCalls ?? []).map((c, j) => ({
      id: c.id ?? `call_${call}_${j + 1}`,
      name: c.name,
      arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments),
    })),
    usage: d.usage ? { prompt_tokens: d.usage.prompt_tokens, completion_tokens: d.usage.completion_tokens, total_tokens: d.usage.total_tokens ?? d.usage.prompt_tokens + d.usage.completion_tokens } : null,
    finishReason: d.finishReason ?? null,
    ...(d.reasoning !== undefined ? { reasoning: d.reasoning } : {}),
  };
}
