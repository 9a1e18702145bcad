// The two ways a model talks to the tools.
//
// function: native function calling. Every ToolSpec is offered as an OpenAI function tool;
//   the response's tool calls are executed in order and each result goes back as a `tool`
//   message (JSON {tool, parameters, result, sim_time}) answering its call id.
// text: PhysMent's published text protocol. The reply carries a JSON array
//   [{"tool": NAME, "parameters": {...}}], possibly inside a code fence and among prose;
//   the results go back as one user message "Results: [{tool, parameters, result, sim_time}]".
//
// A reply without any usable call is an iteration with an invalid action: the model is told
// so and the iteration counts against the budget.
import { z } from "zod";
import type { ToolCall, ToolResult, ToolSpec } from "../protocol.ts";
import type { ChatMessage, FunctionTool, ModelResponse } from "../../llm/model.ts";

/** The protocols: native function calling, or PhysMent's text protocol (calls as JSON in the reply). */
export const ProtocolName: z.ZodEnum<{ function: "function"; text: "text" }> = z.enum(["function", "text"]);
/** A protocol's name. */
export type ProtocolName = z.infer<typeof ProtocolName>;

/** One call read from a reply; `call` is null when it could not be read (then `error` says why). */
export interface ParsedCall {
  call: ToolCall | null;
  /** The tool name as written (for the record, also when unreadable). */
  tool: string;
  error?: string;
  /** The function-calling call id (function protocol only). */
  callId?: string;
  /** The arguments text as sent (function protocol only). */
  rawArguments?: string;
}

export interface ParsedReply {
  calls: ParsedCall[];
  /** Why the reply is an invalid action (no usable call at all), or null. */
  invalid: string | null;
}

export interface Protocol {
  readonly name: ProtocolName;
  /** The `tools` argument of ModelClient.chat. */
  tools(specs: readonly ToolSpec[]): FunctionTool[] | undefined;
  /** The response as it is appended to the conversation. */
  assistantMessage(res: ModelResponse): ChatMessage;
  parse(res: ModelResponse): ParsedReply;
  /**
   * The messages that carry the results back. `results[i]` answers `parsed.calls[i]`; null
   * marks a call that was not executed because `answer` had already ended the episode.
   */
  feedback(parsed: ParsedReply, results: readonly (ToolResult | null)[]): ChatMessage[];
}

/** The result object as the model sees it (the published shape; the error flag stays in the transcript). */
export function publicResult(r: ToolResult): { tool: string; parameters: Record<string, unknown>; result: unknown; sim_time: number } {
  return { tool: r.tool, parameters: r.parameters, result: r.result, sim_time: r.sim_time };
}

const NOT_EXECUTED = { error: "not executed: the episode ended with answer" };

/** A ToolSpec as an OpenAI function tool (the JSON Schema's $schema key dropped). */
export function functionTool(spec: ToolSpec): FunctionTool {
  const { $schema: _drop, ...parameters } = spec.parameters as Record<string, unknown> & { $schema?: unknown };
  return {
    type: "function",
    function: {
      name: spec.name,
      description: spec.description,
      parameters: Object.keys(parameters).length > 0 ? parameters : { type: "object", properties: {} },
    },
  };
}

const Parameters = z.record(z.string(), z.unknown());

export const functionProtocol: Protocol = {
  name: "function",
  tools: (specs) => specs.map(functionTool),
  assistantMessage(res) {
    return {
      role: "assistant",
      content: res.content,
      ...(res.toolCalls.length > 0 ? { tool_calls: res.toolCalls.map((c) => ({ ...c })) } : {}),
      ...(res.reasoning !== undefined ? { reasoning: res.reasoning } : {}),
    };
  },
  parse(res) {
    if (res.toolCalls.length === 0) return { calls: [], invalid: "the reply made no function call" };
    const calls = res.toolCalls.map((c): ParsedCall => {
      const base = { tool: c.name, callId: c.id, rawArguments: c.arguments };
      let value: unknown;
      try {
        value = c.arguments.trim() === "" ? {} : JSON.parse(c.arguments);
      } catch (e) {
        return { ...base, call: null, error: `arguments are not valid JSON: ${(e as Error).message}` };
      }
      const p = Parameters.safeParse(value);
      if (!p.success || Array.isArray(value)) {
        return { ...base, call: null, error: "arguments must be a JSON object" };
      }
      return { ...base, call: { tool: c.name, parameters: p.data } };
    });
    return { calls, invalid: null };
  },
  feedback(parsed, results) {
    if (parsed.invalid !== null) {
      return [{
        role: "user",
        content: `No tool was called (${parsed.invalid}). Call the tools as functions; submit your final answer with the answer tool.`,
      }];
    }
    return parsed.calls.map((c, i): ChatMessage => {
      const r = results[i];
      const content = r ? publicResult(r) : { tool: c.tool, parameters: c.call?.parameters ?? {}, result: NOT_EXECUTED };
      return { role: "tool", tool_call_id: c.callId ?? `call_${i + 1}`, content: JSON.stringify(content) };
    });
  },
};

export const textProtocol: Protocol = {
  name: "text",
  tools: () => undefined,
  assistantMessage(res) {
    return {
      role: "assistant",
      content: res.content ?? "",
      ...(res.reasoning !== undefined ? { reasoning: res.reasoning } : {}),
    };
  },
  parse(res) {
    return extractCalls(res.content ?? "");
  },
  feedback(parsed, results) {
    if (parsed.invalid !== null) {
      return [{
        role: "user",
        content: `Results: []\nInvalid reply: ${parsed.invalid}. Reply with a JSON array of tool calls, ` +
          `[{"tool": NAME, "parameters": {...}}]; submit your final answer with the answer tool.`,
      }];
    }
    const shown = parsed.calls.flatMap((c, i) => {
      const r = results[i];
      return r ? [publicResult(r)] : [];
    });
    return [{ role: "user", content: `Results: ${JSON.stringify(shown)}` }];
  },
};

export function protocolByName(name: ProtocolName): Protocol {
  return name === "function" ? functionProtocol : textProtocol;
}

// ---- the text protocol's reader ----

const MAX_SCAN = 200_000;

/**
 * The tool calls of a text-protocol reply. Every balanced JSON array or object in the text
 * is a candidate (code fences need no special case: their content is such a span); a
 * candidate is a call list when it is an array of objects each with a string "tool" (or one
 * such object). Arrays whose items carry a "result" key are quoted results, not calls. The
 * LAST call list in the reply is the action: earlier ones are drafts or quotations. An item
 * whose "parameters" is not an object stays in the list as an unreadable call. A balanced span that
 * is not valid JSON (say, a trailing comma) is skipped whole, never salvaged in parts.
 */
export function extractCalls(text: string): ParsedReply {
  const src = text.length > MAX_SCAN ? text.slice(0, MAX_SCAN) : text;
  let last: ParsedCall[] | null = null;
  let sawBroken = false;
  let sawEmpty = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch !== "[" && ch !== "{") continue;
    const end = matchClose(src, i);
    if (end < 0) {
      if (/"tool"\s*:/.test(src.slice(i))) sawBroken = true;
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(src.slice(i, end + 1));
    } catch {
      // A span that is not JSON is skipped whole: salvaging objects inside a broken array
      // would execute part of the calls.
      if (/"tool"\s*:/.test(src.slice(i, end + 1))) sawBroken = true;
      i = end;
      continue;
    }
    if (Array.isArray(value) && value.length === 0) sawEmpty = true;
    const calls = asCallList(value);
    if (calls) last = calls;
    i = end; // a parsed span is consumed whole, call list or not
  }
  if (last) return { calls: last, invalid: null };
  const invalid = sawBroken
    ? "the tool-call JSON could not be parsed"
    : sawEmpty
    ? "the tool-call array is empty"
    : "no JSON array of tool calls was found";
  return { calls: [], invalid };
}

function asCallList(value: unknown): ParsedCall[] | null {
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) return null;
  const out: ParsedCall[] = [];
  for (const item of items) {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return null;
    const o = item as Record<string, unknown>;
    if (typeof o.tool !== "string" || "result" in o) return null;
    const params = o.parameters ?? {};
    if (typeof params !== "object" || params === null || Array.isArray(params)) {
      out.push({ tool: o.tool, call: null, error: '"parameters" must be a JSON object' });
    } else if (o.tool.length === 0) {
      out.push({ tool: o.tool, call: null, error: '"tool" must name a tool' });
    } else {
      out.push({ tool: o.tool, call: { tool: o.tool, parameters: params as Record<string, unknown> } });
    }
  }
  return out;
}

/** Index of the bracket closing the one at `start`, skipping JSON strings; -1 if unbalanced. */
function matchClose(s: string, start: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "[" || c === "{") stack.push(c === "[" ? "]" : "}");
    else if (c === "]" || c === "}") {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}
