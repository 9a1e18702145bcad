// A ModelClient that replays a fixed list of responses, one per chat() call: the "scripted
// agent". With scriptedAgent() it follows a scene's reference procedure (a list of turns of
// tool calls) through the same loop, protocol and transcript as a real model, so a scene's
// reference solution can be checked end to end without a language model.
import { z } from "zod";
import type { ToolCall } from "../protocol.ts";
import { type ChatMessage, type ChatOptions, type FunctionTool, type ModelClient, ModelError, type ModelResponse, Usage } from "../../llm/model.ts";
import type { ProtocolName } from "./protocols.ts";

export const ScriptedResponse = z.union([
  z.object({
    content: z.string().nullable().default(null),
    toolCalls: z.array(z.object({
      name: z.string(),
      /** A JSON text as a model would send it, or an object to be serialized. */
      arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
      id: z.string().min(1).optional(),
    }).strict()).default([]),
    usage: Usage.nullable().default(null),
    reasoning: z.string().optional(),
  }).strict(),
  /** Makes this call fail, e.g. to exercise retries. */
  z.object({ error: z.instanceof(ModelError) }).strict(),
]);
export type ScriptedResponse = z.input<typeof ScriptedResponse>;

export class ScriptedModelClient implements ModelClient {
  readonly model: string;
  readonly #script: z.output<typeof ScriptedResponse>[];
  #next = 0;
  /** Every request received, for inspection. */
  readonly requests: { messages: ChatMessage[]; tools: FunctionTool[] | undefined }[] = [];

  constructor(script: readonly ScriptedResponse[], model = "scripted") {
    this.model = model;
    this.#script = script.map((r) => ScriptedResponse.parse(r));
  }

  get remaining(): number {
    return this.#script.length - this.#next;
  }

  chat(messages: readonly ChatMessage[], tools?: readonly FunctionTool[], options: ChatOptions = {}): Promise<ModelResponse> {
    // a cancelled call is not a request: it takes no response off the script
    if (options.signal?.aborted) return Promise.reject(new ModelError("aborted", "aborted"));
    this.requests.push({ messages: structuredClone([...messages]), tools: tools ? [...tools] : undefined });
    const i = this.#next++;
    const r = this.#script[i];
    if (r === undefined) {
      return Promise.reject(new ModelError("fatal", `script exhausted after ${this.#script.length} responses`));
    }
    if ("error" in r) return Promise.reject(r.error);
    return Promise.resolve({
      content: r.content,
      toolCalls: r.toolCalls.map((c, j) => ({
        id: c.id ?? `call_${i + 1}_${j + 1}`,
        name: c.name,
        arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments),
      })),
      usage: r.usage,
      ...(r.reasoning !== undefined ? { reasoning: r.reasoning } : {}),
      finishReason: r.toolCalls.length > 0 ? "tool_calls" : "stop",
    });
  }
}

/** One turn of a reference procedure: optional reasoning, then the calls made in that response. */
export interface ScriptedTurn {
  reasoning?: string;
  calls: ToolCall[];
}

/**
 * The responses a model would give to follow `turns` under `protocol`: native function calls,
 * or the text protocol's JSON array after the reasoning.
 */
export function scriptFromTurns(turns: readonly ScriptedTurn[], protocol: ProtocolName): ScriptedResponse[] {
  return turns.map((t) => {
    if (protocol === "function") {
      return {
        content: t.reasoning ?? null,
        toolCalls: t.calls.map((c) => ({ name: c.tool, arguments: c.parameters })),
      };
    }
    const json = JSON.stringify(t.calls.map((c) => ({ tool: c.tool, parameters: c.parameters })));
    return { content: t.reasoning ? `${t.reasoning}\n${json}` : json };
  });
}

/** The scripted agent: a client that plays a reference procedure through the loop. */
export function scriptedAgent(
  turns: readonly ScriptedTurn[],
  protocol: ProtocolName,
  model = "scripted",
): ScriptedModelClient {
  return new ScriptedModelClient(scriptFromTurns(turns, protocol), model);
}
