// ModelClient over the `openai` v6 client's Chat Completions API: any OpenAI-compatible
// server (baseURL + apiKey). The client's own retries are switched off (maxRetries 0): the
// runner retries with its own, injectable backoff (retry.ts), and every failure comes out as
// a ModelError whose kind says whether a retry may help.
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "openai";
import { z } from "zod";
import { type ChatMessage, type ChatOptions, type FunctionTool, type ModelClient, ModelError, type ModelResponse } from "./model.ts";
import { boundedFetch, defaultMaxResponseBytes, EncodingError, OversizeError } from "./bounded_fetch.ts";

export const OpenAIClientOptions = z.object({
  model: z.string().min(1),
  /** e.g. "http://127.0.0.1:8000/v1"; the client's default (api.openai.com) when absent. */
  baseURL: z.string().min(1).optional(),
  /** Required even for servers that ignore it (pass any placeholder then). */
  apiKey: z.string().min(1),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.int().positive().optional(),
  /** Which request field carries maxTokens: OpenAI's current one, or the older one many compatible servers expect. */
  maxTokensField: z.enum(["max_completion_tokens", "max_tokens"]).default("max_completion_tokens"),
  /** Per-request deadline, milliseconds, from sending the request to the last byte of the response (default 10 minutes). */
  timeoutMs: z.int().positive().default(600_000),
  /** The largest response body accepted, bytes; a larger one is cut off as it streams in and fails as "oversize" (default: from the output cap, defaultMaxResponseBytes). */
  maxResponseBytes: z.int().positive().optional(),
  /** Extra fields merged into every request body (provider-specific switches). */
  extraBody: z.record(z.string(), z.unknown()).optional(),
}).strict();
export type OpenAIClientOptions = z.input<typeof OpenAIClientOptions>;

// The subset of a chat completion the loop reads, checked at the boundary: compatible
// servers vary, and a clear error beats an undefined deep inside the loop.
const Completion = z.object({
  choices: z.array(z.object({
    message: z.object({
      content: z.string().nullable().optional(),
      tool_calls: z.array(z.object({
        id: z.string().optional(),
        type: z.string().optional(),
        function: z.object({ name: z.string(), arguments: z.string().nullable().optional() }).optional(),
      })).nullable().optional(),
      reasoning_content: z.string().nullable().optional(),
      reasoning: z.string().nullable().optional(),
    }),
    finish_reason: z.string().nullable().optional(),
  })).min(1),
  usage: z.object({
    prompt_tokens: z.int().min(0),
    completion_tokens: z.int().min(0),
    total_tokens: z.int().min(0).optional(),
  }).nullable().optional(),
});

let callCounter = 0;

/**
 * Whether an endpoint refuses requests without an API key: OpenAI's own API does; a server
 * of one's own (a local model, a loopback) usually takes none.
 *
 * @param baseURL The endpoint's base URL.
 * @returns True for OpenAI's API.
 *
 * @example
 * ```ts
 * import { requiresApiKey } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * assert.equal(requiresApiKey("https://api.openai.com/v1"), true);
 * assert.equal(requiresApiKey("http://127.0.0.1:8000/v1"), false);
 * ```
 */
export function requiresApiKey(baseURL: string): boolean {
  return /^https:\/\/api\.openai\.com(\/|$)/.test(baseURL);
}

export class OpenAIModelClient implements ModelClient {
  readonly model: string;
  readonly stateless = true;
  readonly #opts: z.output<typeof OpenAIClientOptions>;
  readonly #client: OpenAI;

  constructor(options: OpenAIClientOptions) {
    this.#opts = OpenAIClientOptions.parse(options);
    this.model = this.#opts.model;
    const cap = this.#opts.maxTokens ?? outputCap(this.#opts.extraBody);
    this.#client = new OpenAI({
      apiKey: this.#opts.apiKey,
      baseURL: this.#opts.baseURL,
      // the deadline is the client's own (chat); the SDK's timeout is only a backstop behind it
      timeout: this.#opts.timeoutMs + 1_000,
      maxRetries: 0,
      fetch: boundedFetch(this.#opts.maxResponseBytes ?? defaultMaxResponseBytes(cap)),
    });
  }

  async chat(
    messages: readonly ChatMessage[],
    tools?: readonly FunctionTool[],
    options: ChatOptions = {},
  ): Promise<ModelResponse> {
    const o = this.#opts;
    const body: Record<string, unknown> = {
      ...o.extraBody,
      model: o.model,
      messages: messages.map(toOpenAIMessage),
    };
    if (tools && tools.length > 0) body.tools = tools;
    if (o.temperature !== undefined) body.temperature = o.temperature;
    if (o.maxTokens !== undefined) body[o.maxTokensField] = o.maxTokens;

    // one deadline from sending the request to the last byte of the body (boundedFetch reads
    // the body before the SDK sees the response, so aborting covers both)
    // a timer cleared when the call ends, not AbortSignal.timeout: under Deno that one keeps
    // the process alive until it fires, long after the last request
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), o.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
    let raw: unknown;
    try {
      raw = await this.#client.chat.completions.create(
        body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
        { signal },
      );
    } catch (err) {
      if (deadline.signal.aborted && !options.signal?.aborted) throw new ModelError("timeout", `no complete response within ${o.timeoutMs / 1000} s`, { cause: err });
      throw toModelError(err);
    } finally {
      clearTimeout(timer);
    }
    const parsed = Completion.safeParse(raw);
    if (!parsed.success) {
      throw new ModelError("malformed", `malformed chat completion: ${z.prettifyError(parsed.error)}`);
    }
    const choice = parsed.data.choices[0];
    const msg = choice.message;
    const toolCalls = (msg.tool_calls ?? [])
      .filter((c) => c.function !== undefined && (c.type === undefined || c.type === "function"))
      .map((c) => ({
        id: c.id && c.id.length > 0 ? c.id : `call_${++callCounter}`,
        name: c.function!.name,
        arguments: c.function!.arguments ?? "",
      }));
    const u = parsed.data.usage;
    const reasoning = msg.reasoning_content ?? msg.reasoning ?? undefined;
    return {
      content: msg.content ?? null,
      toolCalls,
      usage: u
        ? {
          prompt_tokens: u.prompt_tokens,
          completion_tokens: u.completion_tokens,
          total_tokens: u.total_tokens ?? u.prompt_tokens + u.completion_tokens,
        }
        : null,
      ...(reasoning ? { reasoning } : {}),
      finishReason: choice.finish_reason ?? null,
    };
  }
}

function toOpenAIMessage(m: ChatMessage): Record<string, unknown> {
  switch (m.role) {
    case "system":
    case "user":
      return { role: m.role, content: m.content };
    case "tool":
      return { role: "tool", tool_call_id: m.tool_call_id, content: m.content };
    case "assistant": {
      const out: Record<string, unknown> = { role: "assistant", content: m.content };
      if (m.tool_calls && m.tool_calls.length > 0) {
        out.tool_calls = m.tool_calls.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: c.arguments },
        }));
      }
      return out;
    }
  }
}

/** The output cap a request body names (max_completion_tokens or max_tokens), or null. */
function outputCap(body: Record<string, unknown> | undefined): number | null {
  const v = body?.max_completion_tokens ?? body?.max_tokens;
  return typeof v === "number" && v > 0 ? v : null;
}

/** Maps the openai client's errors onto ModelError kinds. */
export function toModelError(err: unknown): ModelError {
  if (err instanceof ModelError) return err;
  // boundedFetch's refusals reach us as the SDK's connection errors, with ours as the cause
  const cause = err instanceof Error ? err.cause : undefined;
  if (err instanceof OversizeError || cause instanceof OversizeError) {
    const e = (err instanceof OversizeError ? err : cause) as OversizeError;
    return new ModelError("oversize", e.message, { cause: e });
  }
  if (err instanceof EncodingError || cause instanceof EncodingError) {
    return new ModelError("malformed", `malformed chat completion: ${((err instanceof EncodingError ? err : cause) as Error).message}`, { cause: err });
  }
  if (err instanceof APIUserAbortError) return new ModelError("aborted", "request aborted", { cause: err });
  if (err instanceof APIConnectionTimeoutError) {
    return new ModelError("timeout", "request timed out", { cause: err });
  }
  if (err instanceof APIConnectionError) {
    return new ModelError("transport", `connection error: ${err.message}`, { cause: err });
  }
  if (err instanceof APIError) {
    const status = err.status;
    const retryAfterSeconds = parseRetryAfter(err.headers);
    const kind = status === 429
      ? "rate_limit"
      : status === 408 || status === 409 || (status !== undefined && status >= 500)
      ? "server"
      : "fatal";
    return new ModelError(kind, `HTTP ${status ?? "?"}: ${err.message}`, {
      status,
      retryAfterSeconds,
      cause: err,
    });
  }
  // the client parses a JSON-typed body itself: a body that is not JSON fails here
  if (err instanceof SyntaxError) {
    return new ModelError("malformed", `malformed chat completion: the body is not JSON (${err.message})`, { cause: err });
  }
  if (err instanceof Error && err.name === "AbortError") {
    return new ModelError("aborted", "request aborted", { cause: err });
  }
  return new ModelError("fatal", err instanceof Error ? err.message : String(err), { cause: err });
}

function parseRetryAfter(headers: Headers | undefined): number | undefined {
  const ms = headers?.get("retry-after-ms");
  if (ms && Number.isFinite(Number(ms))) return Number(ms) / 1000;
  const v = headers?.get("retry-after");
  if (!v) return undefined;
  const s = Number(v);
  if (Number.isFinite(s)) return Math.max(0, s);
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
