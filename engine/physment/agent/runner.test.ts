import { afterEach, describe, expect, it } from "vitest";
import { ModelError } from "../../llm/model.ts";
import { OpenAIModelClient } from "../../llm/openai_client.ts";
import { backoffDelay, callWithRetry, RetryPolicy } from "../../llm/retry.ts";
import { DEFAULT_BUDGETS, episodeGrid, type ProgressEvent, runBenchmark, type SceneFactory } from "./runner.ts";
import { promisePool } from "../../parallel/pool.ts";
import { ScriptedModelClient, scriptedAgent } from "./scripted_client.ts";
import { MemoryTranscriptStore, parseTranscript } from "./transcript.ts";
import { completion, FAKE_SCENE, FakeToolBox, httpError, type Loopback, startLoopback } from "./agent.test_support.ts";

const factory: SceneFactory = (sceneId) => ({
  toolbox: new FakeToolBox(),
  scene: { ...FAKE_SCENE, id: sceneId },
});

const noSleep = () => Promise.resolve();

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("episodeGrid", () => {
  it("crosses scenes × models × budgets (default {5, 10, 15, 20}) × strategies × protocols", () => {
    const grid = episodeGrid({ scenes: ["s1", "s2"], models: [{ name: "m" }] });
    expect(grid.map((e) => `${e.scene}/${e.budget}`)).toEqual(
      ["s1", "s2"].flatMap((s) => DEFAULT_BUDGETS.map((b) => `${s}/${b}`)),
    );
    expect(grid.every((e) => e.strategy === "zero-shot" && e.protocol === "function")).toBe(true);
    expect(episodeGrid({
      scenes: ["s"],
      models: [{ name: "a" }, { name: "b" }],
      budgets: [5],
      strategies: ["zero-shot", "few-shot-cot"],
      protocols: ["function", "text"],
    })).toHaveLength(8);
    expect(() => episodeGrid({ scenes: ["s", "s"], models: [{ name: "m" }] })).toThrow(/twice/);
    expect(() => episodeGrid({ scenes: ["s"], models: [{ name: "m" }], budgets: [0] })).toThrow();
  });
});

describe("promisePool", () => {
  it("never has more than `limit` calls in flight and runs every item", async () => {
    let inFlight = 0, peak = 0;
    const seen: number[] = [];
    await promisePool([...Array(10).keys()], 3, async (item) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 1 + (item % 3)));
      seen.push(item);
      inFlight--;
    });
    expect(peak).toBe(3);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
  });

  it("stops at the first failure: the calls in flight are told and waited for, nothing new starts, the failure is thrown", async () => {
    const started: number[] = [], told: number[] = [], ended: number[] = [];
    const run = promisePool([...Array(10).keys()], 3, async (item, _, stopped) => {
      started.push(item);
      if (item === 1) throw new Error("the disk is full");
      await new Promise((r) => setTimeout(r, 20));
      if (stopped.aborted) told.push(item);
      ended.push(item);
    });
    await expect(run).rejects.toThrow("the disk is full");
    expect(started.sort()).toEqual([0, 1, 2]);
    expect(told.sort()).toEqual([0, 2]);
    expect(ended.sort()).toEqual([0, 2]); // waited for before the pool threw
  });
});

describe("retry backoff", () => {
  const policy = RetryPolicy.parse({ baseDelayMs: 100, maxDelayMs: 1000, jitter: 0.5 });
  it("doubles, is capped, jitters downwards and honours Retry-After", () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(policy, n, undefined, () => 0))).toEqual([100, 200, 400, 800, 1000]);
    expect(backoffDelay(policy, 2, undefined, () => 0.5)).toBe(150);
    expect(backoffDelay(policy, 1, 0.5, () => 0)).toBe(500);
    expect(backoffDelay(policy, 1, 30, () => 0)).toBe(1000);
  });

  it("retries only retryable errors, at most maxAttempts times", async () => {
    let calls = 0;
    const failing = (kind: ModelError["kind"]) => () => {
      calls++;
      return Promise.reject(new ModelError(kind, kind));
    };
    await expect(callWithRetry(failing("transport"), { maxAttempts: 4 }, { sleep: noSleep })).rejects.toThrow("transport");
    expect(calls).toBe(4);
    calls = 0;
    await expect(callWithRetry(failing("fatal"), { maxAttempts: 4 }, { sleep: noSleep })).rejects.toThrow("fatal");
    expect(calls).toBe(1);
    calls = 0;
    await expect(callWithRetry(() => {
      calls++;
      return Promise.reject(new TypeError("bug"));
    }, { maxAttempts: 4 }, { sleep: noSleep })).rejects.toThrow(TypeError);
    expect(calls).toBe(1);
  });
});

describe("runBenchmark", () => {
  const answerTurns = [
    { reasoning: "Drop.", calls: [{ tool: "step", parameters: { duration: 0.5 } }, { tool: "get_velocity", parameters: { object_id: 1 } }] },
    { reasoning: "Done.", calls: [{ tool: "answer", parameters: { answer: 4.905 } }] },
  ];

  it("runs the grid with a scripted agent per episode, then resumes: finished episodes are skipped, partial ones rerun", async () => {
    const store = new MemoryTranscriptStore();
    const events: ProgressEvent[] = [];
    const run = () =>
      runBenchmark({
        scenes: ["s1", "s2"],
        models: [{ name: "scripted", client: (ep) => scriptedAgent(answerTurns, ep.protocol) }],
        budgets: [2, 5],
        protocols: ["function", "text"],
        factory,
        store,
        concurrency: 3,
        onProgress: (e) => events.push(e),
      });
    const first = await run();
    expect(first).toMatchObject({ finished: 8, skipped: 0, failed: 0 });
    expect(first.outcomes.every((o) => o.result?.answer === 4.905 && o.end?.iterations === 2)).toBe(true);
    expect(store.files.size).toBe(8);
    for (const text of store.files.values()) expect(parseTranscript(text).issues).toEqual([]);
    expect(events.filter((e) => e.kind === "started")).toHaveLength(8);
    expect(events.at(-1)).toMatchObject({ done: 8, total: 8 });

    // Cut one transcript short (a crash mid-episode) and run again.
    const cut = first.outcomes[3].episode.key;
    const lines = store.files.get(cut)!.trimEnd().split("\n");
    store.files.set(cut, lines.slice(0, 6).join("\n") + "\n");
    events.length = 0;
    const second = await run();
    expect(second).toMatchObject({ finished: 1, skipped: 7, failed: 0 });
    expect(second.outcomes[3].status).toBe("finished");
    expect(events.filter((e) => e.kind === "started").map((e) => e.episode.key)).toEqual([cut]);
    const skipped = events.filter((e) => e.kind === "skipped");
    expect(skipped.every((e) => e.kind === "skipped" && e.end.answered)).toBe(true);
    expect(parseTranscript(store.files.get(cut)!).issues).toEqual([]);
    expect(store.files.get(cut)!.trimEnd().split("\n").filter((l) => l.includes('"type":"header"'))).toHaveLength(1);

    // A third run has nothing left to do.
    expect(await run()).toMatchObject({ finished: 0, skipped: 8, failed: 0 });
  });

  it("runs over HTTP with the openai client: retries a 429, and an episode that keeps failing is rerun next time", async () => {
    // The loopback server answers by scene: s1 succeeds after a 429; s2's server is down (503) on the first run.
    let s2Down = true;
    let s1Limited = true;
    server = await startLoopback((body) => {
      const prompt = (body.messages as { content: string }[])[1].content;
      const scene = /\(scene (s\d)\)/.exec(prompt)![1];
      if (scene === "s2" && s2Down) return httpError(503, "unavailable");
      if (scene === "s1" && s1Limited) {
        s1Limited = false;
        return httpError(429, "rate limited");
      }
      return completion({ toolCalls: [{ name: "answer", arguments: { answer: 2 } }] });
    });
    const client = new OpenAIModelClient({ model: "m", baseURL: server.baseURL, apiKey: "k", timeoutMs: 2_000 });
    const store = new MemoryTranscriptStore();
    const events: ProgressEvent[] = [];
    const sleeps: number[] = [];
    const run = () =>
      runBenchmark({
        scenes: ["s1", "s2"],
        models: [{ name: "loopback/m", client }],
        budgets: [5],
        factory,
        store,
        concurrency: 2,
        retry: { maxAttempts: 3, baseDelayMs: 10, jitter: 0 },
        sleep: (ms) => {
          sleeps.push(ms);
          return Promise.resolve();
        },
        onProgress: (e) => events.push(e),
      });
    const first = await run();
    expect(first).toMatchObject({ finished: 1, skipped: 0, failed: 1 });
    expect(first.outcomes[0]).toMatchObject({ status: "finished", result: { answered: true, answer: 2, iterations: 1 } });
    expect(first.outcomes[1].status).toBe("failed");
    expect(first.outcomes[1].error).toMatch(/503/);
    expect(events.filter((e) => e.kind === "retry").map((e) => e.episode.scene).sort()).toEqual(["s1", "s2", "s2"]);
    expect(sleeps.sort((a, b) => a - b)).toEqual([10, 10, 20]);
    const s2 = parseTranscript(store.files.get(first.outcomes[1].episode.key)!).records;
    expect(s2.at(-1)).toMatchObject({ type: "abort", kind: "server" });
    expect(s2[0]).toMatchObject({ type: "header", model: "loopback/m" });

    s2Down = false;
    const second = await run();
    expect(second).toMatchObject({ finished: 1, skipped: 1, failed: 0 });
    expect(second.outcomes.map((o) => o.status)).toEqual(["skipped", "finished"]);
  });

  it("a 200 whose body is not a chat completion is a transient failure: retried within the budget, recorded as malformed", async () => {
    server = await startLoopback((_body, n) =>
      n === 0 ? { raw: "{not json" }
      : n === 1 ? { body: { choices: [] } }
      : n === 2 ? { raw: "<html>gateway</html>", headers: { "content-type": "text/html" } }
      : completion({ toolCalls: [{ name: "answer", arguments: { answer: 2 } }] })
    );
    const client = new OpenAIModelClient({ model: "m", baseURL: server.baseURL, apiKey: "k", timeoutMs: 2_000 });
    const store = new MemoryTranscriptStore();
    const summary = await runBenchmark({ scenes: ["s1"], models: [{ name: "m", client }], budgets: [5], factory, store, retry: { maxAttempts: 4 }, sleep: noSleep });
    expect(summary).toMatchObject({ finished: 1, failed: 0 });
    const records = parseTranscript([...store.files.values()][0]).records;
    expect(records.filter((r) => r.type === "retry").map((r) => r.type === "retry" && r.kind)).toEqual(["malformed", "malformed", "malformed"]);
    expect(server.requests).toHaveLength(4);
    // beyond the budget it fails like any other transient error, with its kind
    await server.close();
    server = await startLoopback(() => ({ raw: "{not json" }));
    const bad = new OpenAIModelClient({ model: "m", baseURL: server.baseURL, apiKey: "k", timeoutMs: 2_000 });
    const failed = await runBenchmark({ scenes: ["s2"], models: [{ name: "m", client: bad }], budgets: [5], factory, store: new MemoryTranscriptStore(), retry: { maxAttempts: 2 }, sleep: noSleep });
    expect(failed.outcomes[0]).toMatchObject({ status: "failed", kind: "malformed" });
    expect(failed.failures).toEqual({ malformed: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it("an episode past its deadline is stopped, recorded as an episode_timeout failure, and run again next time", async () => {
    // every reply takes 150 ms and asks for one more step: the episode would need 5 × 150 ms
    let slow = true;
    server = await startLoopback(() => ({
      ...completion({ toolCalls: [{ name: "step", arguments: { duration: 0.1 } }] }),
      delayMs: slow ? 150 : 0,
    }));
    const client = new OpenAIModelClient({ model: "m", baseURL: server.baseURL, apiKey: "k", timeoutMs: 5_000 });
    const store = new MemoryTranscriptStore();
    const events: ProgressEvent[] = [];
    const run = () => runBenchmark({ scenes: ["s1"], models: [{ name: "m", client }], budgets: [5], factory, store, episodeTimeoutMs: 400, sleep: noSleep, onProgress: (e) => events.push(e) });
    const t0 = performance.now();
    const first = await run();
    expect(performance.now() - t0).toBeLessThan(1_500);
    expect(first.outcomes[0]).toMatchObject({ status: "failed", kind: "episode_timeout", error: "the episode passed its deadline of 0.4 s" });
    expect(first.failures).toEqual({ episode_timeout: 1 });
    expect(events.at(-1)).toMatchObject({ kind: "failed", failure: "episode_timeout" });
    const records = parseTranscript([...store.files.values()][0]).records;
    expect(records.at(-1)).toMatchObject({ type: "abort", kind: "episode_timeout" });
    expect(records.filter((r) => r.type === "usage").length).toBeLessThan(5);
    // the next run takes it up again
    slow = false;
    const second = await run();
    expect(second).toMatchObject({ finished: 1, failed: 0, failures: {} });
    expect(second.outcomes[0].end).toMatchObject({ reason: "budget_exhausted", iterations: 5 });
  });

  describe("resume of an unfinished episode", () => {
    // a stateless endpoint: its reply depends only on the conversation (three iterations of
    // measurements, then the answer in the fourth)
    const reply = (body: Record<string, unknown>) => {
      const k = (body.messages as { role: string }[]).filter((m) => m.role === "assistant").length + 1;
      return completion({
        content: `Turn ${k}.`,
        toolCalls: k < 4
          ? [{ name: "step", arguments: { duration: 0.1 }, id: `c${k}a` }, { name: "get_position", arguments: { object_id: "object_1" }, id: `c${k}b` }]
          : [{ name: "answer", arguments: { answer: 1.23 }, id: `c${k}a` }],
      });
    };
    // what a resumed transcript must equal: the records without their timings
    const content = (text: string) =>
      parseTranscript(text).records.map((r) => {
        const { started: _s, latency_ms: _l, started_ms: _sm, duration_ms: _d, finished: _f, ...rest } = r as Record<string, unknown>;
        return rest;
      });
    const setup = async () => {
      server = await startLoopback(reply);
      const client = new OpenAIModelClient({ model: "m", baseURL: server.baseURL, apiKey: "k", timeoutMs: 5_000 });
      const store = new MemoryTranscriptStore();
      const run = () => runBenchmark({ scenes: ["s1"], models: [{ name: "m", client }], budgets: [5], factory, store, sleep: noSleep });
      expect(await run()).toMatchObject({ finished: 1 });
      const key = [...store.files.keys()][0];
      const full = store.files.get(key)!;
      expect(server.requests).toHaveLength(4);
      server.requests.length = 0;
      return { run, store, key, full, lines: full.trimEnd().split("\n") };
    };

    it("replays the recorded responses against a fresh world and asks only for the rest: nothing is sent twice or lost", async () => {
      const { run, store, key, full, lines } = await setup();
      // killed in iteration 3 after its response and its first tool call, mid-way through writing the second
      const cut = lines.findIndex((l) => l.includes('"type":"tool_call"') && l.includes('"iteration":3'));
      store.files.set(key, lines.slice(0, cut + 1).join("\n") + "\n" + lines[cut + 1].slice(0, 40));
      const second = await run();
      expect(second).toMatchObject({ finished: 1, failed: 0 });
      expect(second.outcomes[0].end).toMatchObject({ answered: true, answer: 1.23, iterations: 4 });
      // only iteration 4 was asked for
      expect(server!.requests).toHaveLength(1);
      const resumed = store.files.get(key)!;
      expect(parseTranscript(resumed).issues).toEqual([]);
      expect(content(resumed)).toEqual(content(full));
      // the records kept from the first run are byte for byte what they were
      expect(resumed.startsWith(lines.slice(0, cut + 1).join("\n") + "\n")).toBe(true);
    });

    it("an episode stopped by an abort (its deadline, exhausted retries) continues after it; the abort stays as history", async () => {
      const { run, store, key, full, lines } = await setup();
      const afterTwo = lines.findIndex((l) => l.includes('"iteration":3'));
      const abort = { type: "abort", iteration: 3, kind: "episode_timeout", error: "the episode passed its deadline of 1 s", finished: new Date().toISOString() };
      store.files.set(key, [...lines.slice(0, afterTwo), JSON.stringify(abort)].join("\n") + "\n");
      expect(await run()).toMatchObject({ finished: 1, failed: 0 });
      expect(server!.requests).toHaveLength(2);
      const resumed = store.files.get(key)!;
      expect(parseTranscript(resumed).issues).toEqual([]);
      expect(content(resumed).filter((r) => r.type !== "abort")).toEqual(content(full));
      expect(content(resumed).filter((r) => r.type === "abort")).toHaveLength(1);
    });

    it("a recorded episode that the world no longer reproduces (or another prompt, model or budget) starts afresh", async () => {
      const { run, store, key, full, lines } = await setup();
      const afterTwo = lines.findIndex((l) => l.includes('"iteration":3'));
      // a tool result the simulation does not give
      const doctored = lines.slice(0, afterTwo).map((l) => (l.includes('"tool":"get_position"') && l.includes('"iteration":2') ? l.replace(/"position":\[[^\]]*\]/, '"position":[9,9,9]') : l));
      expect(doctored.join("\n")).toContain("[9,9,9]");
      store.files.set(key, doctored.join("\n") + "\n");
      expect(await run()).toMatchObject({ finished: 1, failed: 0 });
      expect(server!.requests).toHaveLength(4);
      expect(parseTranscript(store.files.get(key)!).issues).toEqual([]);
      expect(content(store.files.get(key)!)).toEqual(content(full));
    });

    it("a run stopped while it replays (Ctrl-C, an error in the world) leaves the transcript as it was", async () => {
      const { store, key, lines } = await setup();
      const cut = lines.slice(0, lines.findIndex((l) => l.includes('"iteration":3'))).join("\n") + "\n";
      store.files.set(key, cut);
      const stop = new AbortController();
      const client = new OpenAIModelClient({ model: "m", baseURL: server!.baseURL, apiKey: "k", timeoutMs: 5_000 });
      const stopping: SceneFactory = (id) => {
        const box = new FakeToolBox();
        const call = box.call.bind(box);
        box.call = (c) => {
          if (box.calls.length === 0) stop.abort();
          return call(c);
        };
        return { toolbox: box, scene: { ...FAKE_SCENE, id } };
      };
      const stopped = await runBenchmark({ scenes: ["s1"], models: [{ name: "m", client }], budgets: [5], factory: stopping, store, sleep: noSleep, signal: stop.signal });
      expect(stopped.outcomes[0]).toMatchObject({ status: "failed", kind: "aborted" });
      expect(server!.requests).toHaveLength(0);
      expect(store.files.get(key)).toBe(cut);
    });

    it("a stateful client (a scripted agent) cannot be replayed: its episode starts afresh", async () => {
      const store = new MemoryTranscriptStore();
      const agent = (ep: { protocol: "function" | "text" }) => scriptedAgent(answerTurns, ep.protocol);
      const run = () => runBenchmark({ scenes: ["s1"], models: [{ name: "scripted", client: agent }], budgets: [5], factory, store });
      await run();
      const key = [...store.files.keys()][0];
      const lines = store.files.get(key)!.trimEnd().split("\n");
      store.files.set(key, lines.slice(0, lines.findIndex((l) => l.includes('"iteration":2'))).join("\n") + "\n");
      expect(await run()).toMatchObject({ finished: 1 });
      expect(parseTranscript(store.files.get(key)!).records.filter((r) => r.type === "header")).toHaveLength(1);
    });
  });

  it("reports a failing scene factory and a fatal model error as failed episodes without stopping the run", async () => {
    const store = new MemoryTranscriptStore();
    const summary = await runBenchmark({
      scenes: ["broken", "ok"],
      models: [{ name: "scripted", client: () => new ScriptedModelClient([]) }],
      budgets: [5],
      factory: (id) => {
        if (id === "broken") throw new Error("no such scene");
        return factory(id);
      },
      store,
      sleep: noSleep,
    });
    expect(summary.outcomes.map((o) => [o.status, o.error])).toEqual([
      ["failed", "no such scene"],
      ["failed", "script exhausted after 0 responses"],
    ]);
  });

  it("closes every scene it opened", async () => {
    let open = 0, closed = 0;
    await runBenchmark({
      scenes: ["a", "b", "c"],
      models: [{ name: "scripted", client: (ep) => scriptedAgent(answerTurns, ep.protocol) }],
      budgets: [5],
      factory: (id) => {
        open++;
        return { ...factory(id) as object, close: () => void closed++ } as ReturnType<SceneFactory>;
      },
      store: new MemoryTranscriptStore(),
    });
    expect([open, closed]).toEqual([3, 3]);
  });
});
