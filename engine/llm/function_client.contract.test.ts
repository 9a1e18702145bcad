// FunctionModelClient keeps the ModelClient contract: a function's replies come out as
// ModelResponses, its ModelErrors keep their kind, a malformed reply and a plain exception
// become "malformed" and "fatal", and a deadline or a cancellation ends the call at once.
import { describe, expect, it } from "vitest";
import { FunctionModelClient, type ModelFunction, type ModelRequest } from "./function_client.ts";
import { ModelError } from "./model.ts";
import { CONTRACT_TOOLS, modelClientContract, SLOW_MS } from "./model_client.contract.test_support.ts";

const USAGE = { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 };
const client = (fn: ModelFunction, timeoutMs?: number) => Promise.resolve({ client: new FunctionModelClient(fn, { model: "fn", timeoutMs }) });
const throwing = (e: ModelError) => client(() => Promise.reject(e));
const wait = (ms: number, signal: AbortSignal) => new Promise<never>((_, reject) => {
  const t = setTimeout(() => reject(new Error("not cancelled")), ms);
  signal.addEventListener("abort", () => (clearTimeout(t), reject(signal.reason)), { once: true });
});

modelClientContract("FunctionModelClient", {
  text: async () => ({ ...(await client(() => ({ content: "Hello.", usage: USAGE, finishReason: "stop" }))), content: "Hello.", usage: USAGE }),
  empty: () => client(() => ({ content: null, finishReason: "stop" })),
  toolCalls: async () => ({
    ...(await client(() => ({ content: null, toolCalls: [{ name: "answer", arguments: { answer: 4.9 } }], finishReason: "tool_calls" }))),
    calls: [{ name: "answer", arguments: '{"answer":4.9}' }],
  }),
  errors: {
    rate_limit: async () => ({ ...(await throwing(new ModelError("rate_limit", "slow down", { status: 429, retryAfterSeconds: 2 }))), error: { status: 429, retryAfterSeconds: 2 } }),
    timeout: () => client((req) => wait(SLOW_MS, req.signal), 50),
    transport: () => throwing(new ModelError("transport", "connection reset")),
    server: async () => ({ ...(await throwing(new ModelError("server", "bad gateway", { status: 502 }))), error: { status: 502 } }),
    malformed: () => client(() => ({ text: "not a reply" }) as never),
    oversize: () => throwing(new ModelError("oversize", "the reply passed its service's size limit")),
    fatal: () => client(() => {
      throw new TypeError("a bug in the model function");
    }),
  },
  slow: () => client((req) => wait(SLOW_MS, req.signal)),
});

describe("FunctionModelClient", () => {
  it("gives the function the conversation, the tools and the request's context", async () => {
    let seen: ModelRequest | undefined;
    const c = new FunctionModelClient((req) => ((seen = req), "ok"), { model: "my-model" });
    const messages = [{ role: "system" as const, content: "sys" }, { role: "user" as const, content: "the prompt" }];
    const r = await c.chat(messages, CONTRACT_TOOLS, { context: { task: { task_id: "task_1", family: "necessity" }, controls: { temperature: 0 }, sample: 2 } });
    expect(r).toEqual({ content: "ok", toolCalls: [], usage: null, finishReason: null });
    expect(seen).toMatchObject({ model: "my-model", system: "sys", prompt: "the prompt", tools: CONTRACT_TOOLS, task: { task_id: "task_1", family: "necessity" }, controls: { temperature: 0 }, sample: 2 });
    expect(seen!.messages).toEqual(messages);
    expect(seen!.signal.aborted).toBe(false);
  });

  it("fills what a function leaves out: no task, no controls, sample 0, total tokens, call ids", async () => {
    let seen: ModelRequest | undefined;
    const c = new FunctionModelClient((req) => {
      seen = req;
      return { content: null, toolCalls: [{ name: "a", arguments: "{}" }, { name: "b", arguments: {}, id: "mine" }], usage: { prompt_tokens: 2, completion_tokens: 3 } };
    }, { model: "m" });
    const r = await c.chat([{ role: "user", content: "hi" }]);
    expect(seen).toMatchObject({ system: null, prompt: "hi", tools: [], task: null, controls: {}, sample: 0 });
    expect(r.toolCalls).toEqual([{ id: "call_1_1", name: "a", arguments: "{}" }, { id: "mine", name: "b", arguments: "{}" }]);
    expect(r.usage).toEqual({ prompt_tokens: 2, completion_tokens: 3, total_tokens: 5 });
  });

  it("names where a malformed reply is wrong", async () => {
    const c = new FunctionModelClient(() => ({ content: 7 }) as never, { model: "m" });
    await expect(c.chat([{ role: "user", content: "hi" }])).rejects.toThrow(/malformed reply from the model function: at reply\.content: .*expected a string or \{content/);
  });

  it("aborts the function's signal when the deadline passes", async () => {
    let signal: AbortSignal | undefined;
    const c = new FunctionModelClient((req) => ((signal = req.signal), new Promise(() => {})), { model: "m", timeoutMs: 20 });
    const e = await c.chat([{ role: "user", content: "hi" }]).catch((x) => x);
    expect(e).toBeInstanceOf(ModelError);
    expect((e as ModelError).kind).toBe("timeout");
    expect(signal!.aborted).toBe(true);
  });

  it("refuses a missing id, a non-function and a bad deadline, naming the option", () => {
    expect(() => new FunctionModelClient(() => "x", { model: "" })).toThrow(/model: a function model needs an id/);
    expect(() => new FunctionModelClient("x" as never, { model: "m" })).toThrow(/must be a function/);
    expect(() => new FunctionModelClient(() => "x", { model: "m", timeoutMs: 0 })).toThrow(/timeoutMs: expected a positive number/);
  });
});
