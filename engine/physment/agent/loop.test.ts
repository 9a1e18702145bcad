// The episode loop end to end over HTTP: the real `openai` client against a loopback
// OpenAI-compatible server, a fake ToolBox, and in-memory transcripts.
import { afterEach, describe, expect, it } from "vitest";
import { runEpisode } from "./loop.ts";
import { type ChatMessage, ModelError } from "../../llm/model.ts";
import { OpenAIModelClient } from "../../llm/openai_client.ts";
import { buildPrompt, iterationsLeftReminder } from "./prompt.ts";
import type { ProtocolName } from "./protocols.ts";
import { MemoryTranscriptStore, parseTranscript, type TranscriptRecord } from "./transcript.ts";
import { completion, FAKE_SCENE, FakeToolBox, httpError, type Loopback, type ReplayReply, startLoopback } from "./agent.test_support.ts";

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function episode(
  replies: ReplayReply[],
  opts: { protocol?: ProtocolName; budget?: number; timeoutMs?: number; maxAttempts?: number; signal?: AbortSignal } = {},
) {
  server = await startLoopback(replies);
  const protocol = opts.protocol ?? "function";
  const budget = opts.budget ?? 5;
  const toolbox = new FakeToolBox();
  const client = new OpenAIModelClient({
    model: "loopback-model",
    baseURL: server.baseURL,
    apiKey: "test-key",
    temperature: 0,
    maxTokens: 512,
    timeoutMs: opts.timeoutMs ?? 5_000,
  });
  const store = new MemoryTranscriptStore();
  const sink = await store.create("ep");
  const sleeps: number[] = [];
  const run = runEpisode({
    client,
    toolbox,
    prompt: buildPrompt({ scene: FAKE_SCENE, specs: toolbox.specs, budget, strategy: "zero-shot", protocol }),
    protocol,
    budget,
    scene: FAKE_SCENE.id,
    strategy: "zero-shot",
    transcript: sink,
    retry: { maxAttempts: opts.maxAttempts ?? 3, baseDelayMs: 1000, jitter: 0 },
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    signal: opts.signal,
  });
  const transcript = () => {
    const parsed = parseTranscript(store.files.get("ep")!);
    expect(parsed.issues).toEqual([]);
    return parsed.records;
  };
  return { run, toolbox, server: server!, transcript, sleeps };
}

const ofType = <T extends TranscriptRecord["type"]>(records: TranscriptRecord[], type: T) =>
  records.filter((r): r is Extract<TranscriptRecord, { type: T }> => r.type === type);

const messagesOf = (body: Record<string, unknown>) => body.messages as Record<string, unknown>[];

describe("function calling over HTTP", () => {
  it("executes several tool calls of one response in order and answers them as tool messages", async () => {
    const e = await episode([
      completion({
        content: "Measure the fall.",
        toolCalls: [
          { name: "get_position", arguments: { object_id: "object_1" }, id: "c1" },
          { name: "step", arguments: { duration: 0.5 }, id: "c2" },
          { name: "get_velocity", arguments: { object_id: "object_1" }, id: "c3" },
        ],
        usage: { prompt_tokens: 1000, completion_tokens: 50 },
      }),
      completion({ toolCalls: [{ name: "answer", arguments: { answer: 4.905 } }], usage: { prompt_tokens: 1200, completion_tokens: 10 } }),
    ]);
    const result = await e.run;
    expect(result).toMatchObject({
      answered: true,
      answer: 4.905,
      iterations: 2,
      reason: "answered",
      toolCalls: 4,
      invalidActions: 0,
      usage: { prompt_tokens: 2200, completion_tokens: 60, total_tokens: 2260 },
    });
    expect(e.toolbox.calls.map((c) => c.tool)).toEqual(["get_position", "step", "get_velocity", "answer"]);

    // The first request offers every spec as a function tool ($schema dropped) and carries the settings.
    const [first, second] = e.server.requests;
    expect(first.model).toBe("loopback-model");
    expect(first.temperature).toBe(0);
    expect(first.max_completion_tokens).toBe(512);
    const tools = first.tools as { type: string; function: { name: string; parameters: Record<string, unknown> } }[];
    expect(tools.map((t) => t.function.name)).toEqual(e.toolbox.specs.map((s) => s.name));
    expect(tools.every((t) => t.type === "function" && !("$schema" in t.function.parameters))).toBe(true);
    expect(messagesOf(first).map((m) => m.role)).toEqual(["system", "user"]);

    // The second request carries the assistant's calls and one tool message per call, in order,
    // then the iterations-remaining reminder.
    const msgs = messagesOf(second);
    expect(msgs.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "tool", "tool", "user"]);
    expect(msgs[6].content).toBe(iterationsLeftReminder(4, 5));
    expect((msgs[2].tool_calls as { id: string }[]).map((c) => c.id)).toEqual(["c1", "c2", "c3"]);
    expect(msgs.slice(3, 6).map((m) => m.tool_call_id)).toEqual(["c1", "c2", "c3"]);
    expect(JSON.parse(msgs[3].content as string)).toEqual({
      tool: "get_position",
      parameters: { object_id: "object_1" },
      result: { position: [0, 0, 2], time: 0 },
      sim_time: 0,
    });
    expect(JSON.parse(msgs[5].content as string)).toMatchObject({ result: { velocity: [0, 0, -4.905] }, sim_time: 0.5 });

    const records = e.transcript();
    expect(records[0]).toMatchObject({ type: "header", scene: "fake1", model: "loopback-model", budget: 5, protocol: "function" });
    const calls = ofType(records, "tool_call");
    expect(calls.map((c) => [c.iteration, c.index, c.tool, c.status, c.error])).toEqual([
      [1, 0, "get_position", "executed", false],
      [1, 1, "step", "executed", false],
      [1, 2, "get_velocity", "executed", false],
      [2, 0, "answer", "executed", false],
    ]);
    expect(calls[2].call_id).toBe("c3");
    expect(calls[2].sim_time).toBe(0.5);
    expect(ofType(records, "usage").map((u) => u.usage?.total_tokens)).toEqual([1050, 1210]);
    expect(records.at(-1)).toMatchObject({ type: "end", answered: true, answer: 4.905, iterations: 2, reason: "answered" });
  });

  it("answers a call with unreadable arguments with an error result and runs the rest", async () => {
    const e = await episode([
      completion({
        toolCalls: [
          { name: "get_position", arguments: "{object_id: object_1", id: "bad" },
          { name: "get_position", arguments: { object_id: "object_3" }, id: "hidden" },
          { name: "get_position", arguments: { object_id: 1 }, id: "good" },
        ],
      }),
      completion({ toolCalls: [{ name: "answer", arguments: { answer: 1 } }] }),
    ]);
    const result = await e.run;
    expect(result).toMatchObject({ answered: true, iterations: 2, toolCalls: 4, invalidActions: 0 });
    expect(e.toolbox.calls.length).toBe(3); // the unreadable call never reached the ToolBox
    const calls = ofType(e.transcript(), "tool_call");
    expect(calls.map((c) => [c.status, c.error])).toEqual([
      ["unreadable", true],
      ["executed", true],
      ["executed", false],
      ["executed", false],
    ]);
    expect(calls[0].raw_arguments).toBe("{object_id: object_1");
    const toolMsgs = messagesOf(e.server.requests[1]).filter((m) => m.role === "tool");
    expect(JSON.parse(toolMsgs[0].content as string).result.error).toMatch(/not valid JSON/);
    expect(JSON.parse(toolMsgs[1].content as string).result.error).toMatch(/unknown object/);
  });

  it("counts a response without any call as an invalid action and tells the model", async () => {
    const e = await episode([
      completion({ content: "I think the answer is 4.9 m/s." }),
      completion({ toolCalls: [{ name: "answer", arguments: { answer: 4.905 } }] }),
    ]);
    const result = await e.run;
    expect(result).toMatchObject({ answered: true, iterations: 2, invalidActions: 1, toolCalls: 1 });
    const msgs = messagesOf(e.server.requests[1]);
    expect(msgs.at(-1)).toMatchObject({ role: "user" });
    expect(msgs.at(-1)!.content).toMatch(/No tool was called/);
    expect(ofType(e.transcript(), "invalid")).toEqual([{ type: "invalid", iteration: 1, reason: "the reply made no function call" }]);
  });
});

describe("text protocol over HTTP", () => {
  it("reads the call array among prose and a code fence and returns Results as a user message", async () => {
    const e = await episode([
      completion({
        content: 'I will measure first.\n```json\n[{"tool": "step", "parameters": {"duration": 0.5}},\n' +
          ' {"tool": "get_velocity", "parameters": {"object_id": "object_1"}}]\n```\nThen I will answer.',
      }),
      completion({ content: 'Speed 4.905 m/s. [{"tool": "answer", "parameters": {"answer": 4.905}}]' }),
    ], { protocol: "text" });
    const result = await e.run;
    expect(result).toMatchObject({ answered: true, answer: 4.905, iterations: 2, toolCalls: 3 });
    const [first, second] = e.server.requests;
    expect(first.tools).toBeUndefined();
    const msgs = messagesOf(second);
    expect(msgs.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    const [results, reminder] = (msgs[3].content as string).split("\n");
    expect(reminder).toBe(iterationsLeftReminder(4, 5));
    expect(results.startsWith("Results: ")).toBe(true);
    expect(JSON.parse(results.slice("Results: ".length))).toEqual([
      { tool: "step", parameters: { duration: 0.5 }, result: null, sim_time: 0.5 },
      { tool: "get_velocity", parameters: { object_id: "object_1" }, result: { velocity: [0, 0, -4.905] }, sim_time: 0.5 },
    ]);
    expect(e.transcript().at(-1)).toMatchObject({ type: "end", reason: "answered" });
  });

  it("treats a malformed reply as an iteration with an invalid action", async () => {
    const e = await episode([
      completion({ content: 'Let me step: [{"tool": "step", "parameters": {"duration": 0.5}' }),
      completion({ content: "Thinking about it, no tools yet." }),
      completion({ content: '[{"tool": "answer", "parameters": {"answer": "4.905"}}]' }),
    ], { protocol: "text" });
    const result = await e.run;
    expect(result).toMatchObject({ answered: true, answer: "4.905", iterations: 3, invalidActions: 2, toolCalls: 1 });
    expect(e.toolbox.calls.map((c) => c.tool)).toEqual(["answer"]);
    const feedback = messagesOf(e.server.requests[1]).at(-1)!;
    expect(feedback.role).toBe("user");
    expect(feedback.content).toMatch(/^Results: \[\]\nInvalid reply: the tool-call JSON could not be parsed/);
    expect(ofType(e.transcript(), "invalid").map((r) => r.iteration)).toEqual([1, 2]);
  });
});

describe("retries, timeouts and the end of an episode", () => {
  it("retries after a 429 and succeeds, waiting the backoff (Retry-After honoured)", async () => {
    const e = await episode([
      httpError(429, "slow down", { "retry-after": "2" }),
      httpError(429, "slow down"),
      completion({ toolCalls: [{ name: "answer", arguments: { answer: 4.905 } }] }),
    ]);
    const result = await e.run;
    expect(result).toMatchObject({ answered: true, iterations: 1 });
    expect(e.server.requests.length).toBe(3);
    expect(e.sleeps).toEqual([2000, 2000]); // max(1000, Retry-After 2 s), then 1000·2
    const retries = ofType(e.transcript(), "retry");
    expect(retries.map((r) => [r.iteration, r.attempt, r.kind, r.delay_ms])).toEqual([
      [1, 1, "rate_limit", 2000],
      [1, 2, "rate_limit", 2000],
    ]);
  });

  it("retries a request that timed out", async () => {
    const e = await episode([
      { ...completion({ content: "late" }), delayMs: 2_000 },
      completion({ toolCalls: [{ name: "answer", arguments: { answer: 4.905 } }] }),
    ], { timeoutMs: 150 });
    const result = await e.run;
    expect(result).toMatchObject({ answered: true, iterations: 1 });
    expect(ofType(e.transcript(), "retry").map((r) => r.kind)).toEqual(["timeout"]);
  });

  it("gives up after the last attempt: the transcript ends with an abort record, not an end", async () => {
    const e = await episode([
      { ...completion({ content: "late" }), delayMs: 2_000 },
      { ...completion({ content: "late" }), delayMs: 2_000 },
    ], { timeoutMs: 100, maxAttempts: 2 });
    await expect(e.run).rejects.toSatisfy((err) => err instanceof ModelError && err.kind === "timeout");
    const records = e.transcript();
    expect(records.at(-1)).toMatchObject({ type: "abort", iteration: 1, kind: "timeout" });
    expect(ofType(records, "end")).toEqual([]);
  });

  it("does not retry a fatal HTTP error", async () => {
    const e = await episode([httpError(401, "bad key"), completion({ content: "never sent" })]);
    await expect(e.run).rejects.toSatisfy((err) => err instanceof ModelError && err.kind === "fatal" && err.status === 401);
    expect(e.server.requests.length).toBe(1);
  });

  it("stops at the budget without an answer", async () => {
    const step = completion({ toolCalls: [{ name: "step", arguments: { duration: 0.1 } }] });
    const e = await episode([step, step, step, step], { budget: 3 });
    const result = await e.run;
    expect(result).toMatchObject({ answered: false, answer: null, iterations: 3, reason: "budget_exhausted", toolCalls: 3 });
    expect(e.server.requests.length).toBe(3);
    expect(e.toolbox.time).toBeCloseTo(0.3, 12);
    expect(e.transcript().at(-1)).toMatchObject({ type: "end", answered: false, answer: null, iterations: 3 });
  });

  it("ends at answer before the budget; calls after answer in the same response are skipped", async () => {
    const e = await episode([
      completion({ toolCalls: [{ name: "get_position", arguments: { object_id: "object_1" } }] }),
      completion({
        toolCalls: [
          { name: "answer", arguments: { answer: 2 } },
          { name: "step", arguments: { duration: 1 } },
        ],
      }),
      completion({ content: "never asked" }),
    ], { budget: 10 });
    const result = await e.run;
    expect(result).toMatchObject({ answered: true, answer: 2, iterations: 2, reason: "answered", toolCalls: 2 });
    expect(e.server.requests.length).toBe(2);
    expect(e.toolbox.time).toBe(0);
    const calls = ofType(e.transcript(), "tool_call");
    expect(calls.map((c) => [c.tool, c.status])).toEqual([
      ["get_position", "executed"],
      ["answer", "executed"],
      ["step", "skipped"],
    ]);
    // The transcript keeps the whole conversation, including the final results.
    const last = ofType(e.transcript(), "message").at(-1)!.message as ChatMessage & { role: "tool" };
    expect(JSON.parse(last.content).result.error).toMatch(/not executed/);
  });

  it("stops a request in flight when aborted, without retrying", async () => {
    const ac = new AbortController();
    const e = await episode([{ ...completion({ content: "late" }), delayMs: 5_000 }, completion({ content: "x" })], {
      signal: ac.signal,
    });
    setTimeout(() => ac.abort(), 50);
    await expect(e.run).rejects.toSatisfy((err) => err instanceof ModelError && err.kind === "aborted");
    expect(e.server.requests.length).toBe(1);
    expect(e.transcript().at(-1)).toMatchObject({ type: "abort", kind: "aborted" });
  });
});

describe("the iterations-remaining reminder", () => {
  const contentOf = (m: Record<string, unknown>) => m.content as string;

  it("function protocol: a user message after each turn's results says how many iterations remain, none after the last", async () => {
    const step = completion({ toolCalls: [{ name: "step", arguments: { duration: 0.1 } }] });
    const e = await episode([step, step, step], { budget: 3 });
    await e.run;
    const [, second, third] = e.server.requests;
    expect(messagesOf(second).map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "user"]);
    expect(contentOf(messagesOf(second).at(-1)!)).toBe(iterationsLeftReminder(2, 3));
    expect(iterationsLeftReminder(2, 3)).toMatch(/2 of your 3 iterations remain/);
    expect(contentOf(messagesOf(third).at(-1)!)).toBe(iterationsLeftReminder(1, 3));
    expect(iterationsLeftReminder(1, 3)).toMatch(/last/);
    // after the third and last response the episode ends: no reminder
    const last = ofType(e.transcript(), "message").at(-1)!.message;
    expect(last.role).toBe("tool");
  });

  it("text protocol: the reminder closes the Results message; an invalid reply's feedback carries it too", async () => {
    const e = await episode([
      completion({ content: '[{"tool": "step", "parameters": {"duration": 0.5}}]' }),
      completion({ content: "no calls" }),
      completion({ content: '[{"tool": "answer", "parameters": {"answer": 1}}]' }),
    ], { protocol: "text", budget: 4 });
    await e.run;
    const results = contentOf(messagesOf(e.server.requests[1]).at(-1)!);
    expect(results).toBe(`Results: [{"tool":"step","parameters":{"duration":0.5},"result":null,"sim_time":0.5}]\n${iterationsLeftReminder(3, 4)}`);
    const invalid = contentOf(messagesOf(e.server.requests[2]).at(-1)!);
    expect(invalid).toMatch(/^Results: \[\]\nInvalid reply/);
    expect(invalid.endsWith(`\n${iterationsLeftReminder(2, 4)}`)).toBe(true);
    // the answer ends the episode: no reminder after it
    expect(contentOf(ofType(e.transcript(), "message").at(-1)!.message as Record<string, unknown>)).not.toMatch(/remain/);
  });
});
