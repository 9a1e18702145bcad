import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OpenAIModelClient } from "../llm/openai_client.ts";
import { completion, httpError, type Loopback, type ReplyFn, startLoopback } from "../llm/loopback.test_support.ts";
import { SYSTEM_MESSAGE } from "../tasks/envelope.ts";
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FileResponseCache, MemoryResponseCache } from "./cache.ts";
import { type EvalItem } from "./items.ts";
import { EVAL_RUN_FORMAT, type ItemRecord } from "./run_records.ts";
import { latestRecords, openRun, readRun } from "./run_store.ts";
import { runEval, type EvalRunOptions } from "./runner.ts";
import { scoreRecords } from "./score.ts";
import { userMessage, writeSmallBenchmark } from "./eval.test_support.ts";

let items: EvalItem[];
const gold = new Map<string, EvalItem>();
beforeAll(() => {
  items = writeSmallBenchmark().items;
  for (const it of items) gold.set(it.prompt, it);
});

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const answerOf = (body: Record<string, unknown>) => gold.get(userMessage(body))!;
const right = (body: Record<string, unknown>) => JSON.stringify({ answer: answerOf(body).gold });

async function run(reply: ReplyFn, opts: Partial<EvalRunOptions> & { timeoutMs?: number; only?: EvalItem[] } = {}) {
  server = await startLoopback(reply);
  const records: ItemRecord[] = [...(opts.existing ?? [])];
  const client = new OpenAIModelClient({ model: "m", baseURL: server.baseURL, apiKey: "k", timeoutMs: opts.timeoutMs ?? 10_000, extraBody: { max_tokens: 100, temperature: 0 } });
  const sleeps: number[] = [];
  const summary = await runEval({
    items: opts.only ?? items,
    client,
    // a fixed name: each test's server listens on a new port, yet is "the same endpoint" for the cache
    endpoint: opts.endpoint ?? "http://loopback.test/v1",
    controls: { max_tokens: 100, temperature: 0 },
    rateLimitAttempts: opts.rateLimitAttempts,
    cache: opts.cache ?? null,
    existing: opts.existing ?? [],
    append: (r) => records.push(r),
    concurrency: opts.concurrency ?? 4,
    samples: opts.samples,
    retryFailed: opts.retryFailed,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0,
  });
  return { summary, records, sleeps, requests: server.requests };
}

describe("the request runner against a loopback OpenAI-compatible server", () => {
  it("sends each item once as the two-message envelope with the profile's controls and no tools", async () => {
    const { records, requests, summary } = await run((body) => completion({ content: right(body) }));
    expect(requests).toHaveLength(items.length);
    for (const body of requests) {
      expect(body.messages).toEqual([{ role: "system", content: SYSTEM_MESSAGE }, { role: "user", content: expect.any(String) }]);
      expect(body).toMatchObject({ model: "m", max_tokens: 100, temperature: 0 });
      expect(body.tools).toBeUndefined();
      expect(body.response_format).toBeUndefined();
    }
    expect(new Set(requests.map(userMessage))).toEqual(new Set(items.map((i) => i.prompt)));
    expect(records).toHaveLength(items.length);
    expect(summary).toMatchObject({ total: items.length, sent: items.length, cached: 0, skipped: 0, pending: 0, inputTokens: 100 * items.length, outputTokens: 20 * items.length });
    const scored = scoreRecords("m", items, latestRecords(records));
    expect(scored.items.every((s) => s.outcome === "correct" && s.component === 1)).toBe(true);
  });

  it("keeps the raw text: fenced answers and prose around JSON are judged by the A.7 extraction at scoring time", async () => {
    let n = 0;
    const { records } = await run((body) => {
      const text = right(body);
      const k = n++ % 3;
      return completion({ content: k === 0 ? "```json\n" + text + "\n```" : k === 1 ? `Here is my answer: ${text} Hope it helps.` : text });
    });
    expect(records.filter((r) => r.type === "response" && r.content?.startsWith("```json"))).not.toHaveLength(0);
    const scored = scoreRecords("m", items, latestRecords(records));
    expect(scored.items.map((s) => s.outcome)).toEqual(items.map(() => "correct"));
  });

  it("an empty response is the model's answer (a protocol failure), not an infrastructure failure", async () => {
    const { records } = await run(() => completion({ content: "" }), { only: items.slice(0, 2) });
    expect(records.map((r) => r.type)).toEqual(["response", "response"]);
    const scored = scoreRecords("m", items.slice(0, 2), latestRecords(records));
    expect(scored.items.map((s) => [s.outcome, s.reason])).toEqual([["protocol", "empty response"], ["protocol", "empty response"]]);
    const nulls = await run(() => completion({ content: null }), { only: items.slice(0, 1) });
    expect(scoreRecords("m", items.slice(0, 1), latestRecords(nulls.records)).items[0].outcome).toBe("protocol");
  });

  it("429 waits (Retry-After honoured) and retries until a response; the history is kept", async () => {
    const { records, requests, sleeps } = await run((body, n) => (n < 2 ? httpError(429, "slow down", { "retry-after": "3" }) : completion({ content: right(body) })), { only: items.slice(0, 1), concurrency: 1 });
    expect(requests).toHaveLength(3);
    expect(sleeps).toEqual([3000, 3000]);
    expect(records).toHaveLength(1);
    const r = records[0];
    expect(r.type).toBe("response");
    expect(r.attempts.map((a) => a.error?.kind ?? "ok")).toEqual(["rate_limit", "rate_limit", "ok"]);
    expect(r.attempts[0]).toMatchObject({ error: { status: 429 }, delay_ms: 3000 });
  });

  it("a rate limit that never lifts ends as a rate_limit failure after the attempt budget", async () => {
    server = undefined;
    const { records, requests } = await run(() => httpError(429, "no"), { only: items.slice(0, 1), rateLimitAttempts: 3 });
    expect(requests).toHaveLength(3);
    expect(records[0]).toMatchObject({ type: "failure", class: "rate_limit" });
  });

  it("500, timeouts, context rejections and malformed bodies are recorded once as infrastructure failures, never retried automatically", async () => {
    const cases: [ReturnType<ReplyFn>, string][] = [
      [httpError(500, "boom"), "gateway"],
      [httpError(502, "bad gateway"), "gateway"],
      [httpError(400, "This model's maximum context length is 8192 tokens"), "context"],
      [httpError(401, "bad key"), "http"],
      [{ raw: "<html>oops</html>", headers: { "content-type": "text/html" } }, "malformed"],
      [{ body: { choices: [] } }, "malformed"],
    ];
    for (const [reply, cls] of cases) {
      const { records, requests } = await run(() => reply, { only: items.slice(0, 1) });
      expect(requests, cls).toHaveLength(1);
      expect(records, cls).toHaveLength(1);
      expect(records[0], cls).toMatchObject({ type: "failure", class: cls });
      expect(records[0].attempts).toHaveLength(1);
      await server?.close();
      server = undefined;
    }
    const slow = await run(() => ({ ...completion({ content: "{}" }), delayMs: 2_000 }), { only: items.slice(0, 1), timeoutMs: 150 });
    expect(slow.records[0]).toMatchObject({ type: "failure", class: "timeout" });
  });

  it("retryFailed sends only the failed items again, with the unchanged prompt; the later record supersedes the failure", async () => {
    const first = await run((body, n) => (n === 0 ? httpError(503, "down") : completion({ content: right(body) })), { only: items.slice(0, 3), concurrency: 1 });
    expect(first.records.map((r) => r.type)).toEqual(["failure", "response", "response"]);
    await server?.close();
    const again = await run((body) => completion({ content: right(body) }), { only: items.slice(0, 3), existing: first.records });
    expect(again.requests.map(userMessage)).toEqual([]);
    await server?.close();
    const retried = await run((body) => completion({ content: right(body) }), { only: items.slice(0, 3), existing: first.records, retryFailed: true });
    expect(retried.requests.map(userMessage)).toEqual([items[0].prompt]);
    expect(retried.summary.skipped).toBe(2);
    const latest = latestRecords(retried.records);
    expect([...latest.values()].every((r) => r.type === "response")).toBe(true);
    // the failure stays in the file as history
    expect(retried.records.filter((r) => r.task_id === items[0].task_id).map((r) => r.type)).toEqual(["failure", "response"]);
  });

  it("the response cache answers a re-run of the same configuration without a request", async () => {
    const cache = new MemoryResponseCache();
    const first = await run((body) => completion({ content: right(body) }), { cache });
    expect(first.requests).toHaveLength(items.length);
    await server?.close();
    const second = await run(() => httpError(500, "must not be called"), { cache });
    expect(second.requests).toHaveLength(0);
    expect(second.records.every((r) => r.type === "response" && r.cached)).toBe(true);
    expect(second.summary).toMatchObject({ sent: 0, cached: items.length, inputTokens: 0 });
  });

  it("never has more than `concurrency` requests in flight", async () => {
    let inFlight = 0, peak = 0;
    server = await startLoopback(() => ({ ...completion({ content: "{}" }), delayMs: 20 }));
    const client = new OpenAIModelClient({ model: "m", baseURL: server.baseURL, apiKey: "k" });
    const wrapped = {
      model: "m",
      chat: async (...a: Parameters<typeof client.chat>) => {
        peak = Math.max(peak, ++inFlight);
        try {
          return await client.chat(...a);
        } finally {
          inFlight--;
        }
      },
    };
    await runEval({ items, client: wrapped, endpoint: server.baseURL, controls: {}, cache: null, existing: [], append: () => {}, concurrency: 3 });
    expect(peak).toBe(3);
  });
});

afterAll(async () => {
  await server?.close();
});

describe("several samples per item", () => {
  it("sends each item K times, records each sample with its index and its own cache key; sample 0 keeps the one-sample key", async () => {
    const only = items.slice(0, 4);
    const cache = new MemoryResponseCache();
    const { records, requests, summary } = await run((body) => completion({ content: right(body) }), { only, samples: 3, cache });
    expect(requests).toHaveLength(12);
    expect(summary).toMatchObject({ total: 12, sent: 12, cached: 0, pending: 0 });
    expect(records.map((r) => `${r.task_id}/${r.sample}`).sort()).toEqual(only.flatMap((it) => [0, 1, 2].map((s) => `${it.task_id}/${s}`)).sort());
    expect(new Set(records.map((r) => r.request_sha256)).size).toBe(12);
    expect(cache.entries.size).toBe(12);
    // a run of one sample on the same endpoint finds sample 0 in the cache
    const one = await run(() => httpError(500, "not sent"), { only, cache });
    expect(one.requests).toHaveLength(0);
    expect(one.records.every((r) => r.type === "response" && r.cached && r.sample === undefined)).toBe(true);
    expect(one.records.map((r) => r.request_sha256).sort()).toEqual(records.filter((r) => r.sample === 0).map((r) => r.request_sha256).sort());
    // resumed with two samples recorded per item, only the third is sent
    const resumed = await run((body) => completion({ content: right(body) }), { only, samples: 3, existing: records.filter((r) => r.sample !== 2) });
    expect(resumed.requests).toHaveLength(4);
    expect(resumed.summary).toMatchObject({ total: 12, skipped: 8, sent: 4 });
  });

  it("records of a sample the run does not have are refused", async () => {
    const only = items.slice(0, 1);
    const { records } = await run((body) => completion({ content: right(body) }), { only, samples: 3 });
    await expect(run((body) => completion({ content: right(body) }), { only, samples: 2, existing: records })).rejects.toThrow(/sample 2/);
  });
});

describe("a full disk", () => {
  /** appendFileSync until `budget` bytes are written, then a partial line and ENOSPC, as a full disk does. */
  const fullAfter = (budget: number) => {
    let left = budget;
    return (path: string, text: string) => {
      const bytes = Buffer.from(text);
      if (bytes.length <= left) {
        appendFileSync(path, bytes);
        left -= bytes.length;
        return;
      }
      appendFileSync(path, bytes.subarray(0, left));
      left = 0;
      throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    };
  };
  const config = (items: number) => ({
    format: EVAL_RUN_FORMAT, model: "m", endpoint: "http://loopback.test/v1", api_key_env: null,
    tasks: { dir: "tasks", completion_sha256: "0".repeat(64), retained: items },
    selection: { families: null, mechanisms: null, limit: null },
    settings: { max_output_tokens: 100, temperature: 0, reasoning_effort: null, json_object: false },
    request: { max_tokens: 100, temperature: 0 }, system_message: SYSTEM_MESSAGE, items, created: "2026-12-01T00:00:00.000Z",
  }) as const;

  it("stops the run with the records file named; every record before it intact; resumed, nothing answered is sent again", async () => {
    const only = items.slice(0, 20);
    const dir = mkdtempSync(join(tmpdir(), "mech-full-disk-"));
    const cache = new FileResponseCache(join(dir, "cache"));
    server = await startLoopback((body) => ({ ...completion({ content: right(body) }), delayMs: 5 }));
    const client = new OpenAIModelClient({ model: "m", baseURL: server.baseURL, apiKey: "k", extraBody: { max_tokens: 100, temperature: 0 } });
    const opts = (run: Awaited<ReturnType<typeof openRun>>) => ({ items: only, client, endpoint: "http://loopback.test/v1", controls: { max_tokens: 100, temperature: 0 }, cache, existing: run.records, append: run.append, concurrency: 3 });
    const first = await openRun(join(dir, "run"), config(only.length), undefined, fullAfter(6_000));
    await expect(runEval(opts(first))).rejects.toThrow(/records\.jsonl: no space left on the device/);
    first.close();
    const sentFirst = server.requests.length;
    expect(sentFirst).toBeLessThan(only.length);
    // the lines before the failure are whole; the last one was cut off
    const text = readFileSync(join(dir, "run", "records.jsonl"), "utf8");
    const whole = text.slice(0, text.lastIndexOf("\n") + 1).split("\n").filter(Boolean);
    expect(whole.length).toBeGreaterThan(0);
    for (const l of whole) expect(() => JSON.parse(l)).not.toThrow();
    expect(text.endsWith("\n")).toBe(false);

    const second = await openRun(join(dir, "run"), config(only.length));
    expect(second.warnings.join()).toMatch(/cut off/);
    const summary = await runEval(opts(second));
    second.close();
    expect(summary.pending).toBe(0);
    // every response received before the failure came from the cache: only requests cancelled in flight went again
    expect(server.requests.length - only.length).toBeLessThanOrEqual(3);
    const again = readRun(join(dir, "run"));
    expect(new Set(again.records.map((r) => r.task_id)).size).toBe(only.length);
  });

  it("a cache that cannot be written: a StoreError naming its path, and the record still keeps the response", async () => {
    const only = items.slice(0, 1);
    const dir = mkdtempSync(join(tmpdir(), "mech-bad-cache-"));
    writeFileSync(join(dir, "cache"), "not a directory");
    const records: ItemRecord[] = [];
    server = await startLoopback((body) => completion({ content: right(body) }));
    const client = new OpenAIModelClient({ model: "m", baseURL: server.baseURL, apiKey: "k" });
    await expect(runEval({ items: only, client, endpoint: "e", controls: {}, cache: new FileResponseCache(join(dir, "cache")), existing: [], append: (r) => records.push(r), concurrency: 1 }))
      .rejects.toThrow(/\/cache\/[0-9a-f]{2}\/[0-9a-f]{64}\.json: a path component is not a directory/);
    expect(records.map((r) => r.type)).toEqual(["response"]);
  });
});
