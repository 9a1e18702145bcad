import { describe, expect, it } from "vitest";
import type { ModelResponse } from "../../llm/model.ts";
import { extractCalls, functionProtocol, functionTool, textProtocol } from "./protocols.ts";

const calls = (text: string) => extractCalls(text).calls.map((c) => c.call);
const res = (r: Partial<ModelResponse>): ModelResponse => ({ content: null, toolCalls: [], usage: null, ...r });

describe("text protocol reader", () => {
  it("reads a bare array", () => {
    expect(calls('[{"tool": "step", "parameters": {"duration": 1}}]')).toEqual([{ tool: "step", parameters: { duration: 1 } }]);
  });

  it("reads an array inside a code fence among prose", () => {
    const text = "First I measure.\n```json\n[\n  {\"tool\": \"get_position\", \"parameters\": {\"object_id\": \"object_1\"}}\n]\n```\nDone.";
    expect(calls(text)).toEqual([{ tool: "get_position", parameters: { object_id: "object_1" } }]);
  });

  it("accepts a single call object and a call without parameters", () => {
    expect(calls('Now: {"tool": "find_objects"}')).toEqual([{ tool: "find_objects", parameters: {} }]);
  });

  it("takes the last call array when there are several (earlier ones are drafts)", () => {
    const text = 'Plan: [{"tool": "step", "parameters": {"duration": 9}}]. Better:\n[{"tool": "step", "parameters": {"duration": 1}}]';
    expect(calls(text)).toEqual([{ tool: "step", parameters: { duration: 1 } }]);
  });

  it("ignores quoted results, plain arrays and brackets inside strings", () => {
    const text = 'Earlier: [{"tool": "step", "parameters": {}, "result": null, "sim_time": 1}] and [1, 2, 3].\n' +
      '[{"tool": "answer", "parameters": {"answer": "object [2] ] is {heavier"}}]';
    expect(calls(text)).toEqual([{ tool: "answer", parameters: { answer: "object [2] ] is {heavier" } }]);
  });

  it("keeps an item with non-object parameters as an unreadable call", () => {
    const r = extractCalls('[{"tool": "step", "parameters": 0.5}, {"tool": "get_position", "parameters": {"object_id": 1}}]');
    expect(r.invalid).toBeNull();
    expect(r.calls.map((c) => [c.tool, c.call === null, c.error ?? null])).toEqual([
      ["step", true, '"parameters" must be a JSON object'],
      ["get_position", false, null],
    ]);
  });

  it("says why a reply has no usable call", () => {
    expect(extractCalls("The answer is 4.9.").invalid).toBe("no JSON array of tool calls was found");
    expect(extractCalls('[{"tool": "step", "parameters": {"duration": 1},]').invalid).toBe("the tool-call JSON could not be parsed");
    expect(extractCalls('[{"tool": "step"').invalid).toBe("the tool-call JSON could not be parsed");
    expect(extractCalls("No calls: []").invalid).toBe("the tool-call array is empty");
    expect(extractCalls("").invalid).not.toBeNull();
  });

  it("returns results as one user message in the published shape, skipped calls left out", () => {
    const parsed = extractCalls('[{"tool": "answer", "parameters": {"answer": 1}}, {"tool": "step", "parameters": {"duration": 1}}]');
    const msgs = textProtocol.feedback(parsed, [
      { tool: "answer", parameters: { answer: 1 }, result: { acknowledged: true }, error: false, sim_time: 0 },
      null,
    ]);
    expect(msgs).toEqual([{
      role: "user",
      content: 'Results: [{"tool":"answer","parameters":{"answer":1},"result":{"acknowledged":true},"sim_time":0}]',
    }]);
    expect(textProtocol.tools([])).toBeUndefined();
  });
});

describe("function protocol", () => {
  it("offers each spec as a function tool without the $schema key", () => {
    expect(functionTool({
      name: "step",
      description: "d",
      parameters: { $schema: "x", type: "object", properties: { duration: { type: "number" } } },
    })).toEqual({
      type: "function",
      function: { name: "step", description: "d", parameters: { type: "object", properties: { duration: { type: "number" } } } },
    });
    expect(functionTool({ name: "find_objects", description: "d", parameters: {} }).function.parameters)
      .toEqual({ type: "object", properties: {} });
  });

  it("parses arguments; empty arguments are {}; bad ones are unreadable calls", () => {
    const parsed = functionProtocol.parse(res({
      toolCalls: [
        { id: "a", name: "step", arguments: '{"duration": 0.5}' },
        { id: "b", name: "find_objects", arguments: "" },
        { id: "c", name: "step", arguments: "[1]" },
        { id: "d", name: "step", arguments: "{duration: 1}" },
      ],
    }));
    expect(parsed.invalid).toBeNull();
    expect(parsed.calls.map((c) => c.call)).toEqual([
      { tool: "step", parameters: { duration: 0.5 } },
      { tool: "find_objects", parameters: {} },
      null,
      null,
    ]);
    expect(parsed.calls[2].error).toBe("arguments must be a JSON object");
    expect(parsed.calls[3].error).toMatch(/^arguments are not valid JSON/);
  });

  it("answers every call id, also those skipped after answer", () => {
    const parsed = functionProtocol.parse(res({
      toolCalls: [{ id: "a", name: "answer", arguments: '{"answer": 2}' }, { id: "b", name: "step", arguments: '{"duration": 1}' }],
    }));
    const msgs = functionProtocol.feedback(parsed, [
      { tool: "answer", parameters: { answer: 2 }, result: { acknowledged: true }, error: false, sim_time: 0 },
      null,
    ]);
    expect(msgs.map((m) => m.role === "tool" && m.tool_call_id)).toEqual(["a", "b"]);
  });

  it("keeps the reasoning text in the assistant message", () => {
    const m = functionProtocol.assistantMessage(res({ content: "hm", reasoning: "deep", toolCalls: [] }));
    expect(m).toEqual({ role: "assistant", content: "hm", reasoning: "deep" });
  });
});
