// The MechReasoner entry against the CLI it stands under: generation in memory is `mech
// generate`'s files byte for byte; evaluate() with a function model keeps the runner's
// promises (records on disk, resume after a kill, the cache keyed by the model id, failure
// classes, deadlines, a stop leaving items pending); bad options name the option.
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { spawnMech } from "../../cli/cli.test_support.ts";
import {
  type Benchmark,
  evaluate,
  generateBenchmark,
  generateBenchmarkShard,
  loadEvaluation,
  MemoryResponseCache,
  ModelError,
  type ModelFunction,
  OptionsError,
  parseFamilyList,
  parseMechanismList,
  RunError,
} from "./mechreasoner.ts";

const scratch = () => mkdtempSync(join(tmpdir(), "mech-api-"));
const recordLines = (dir: string) => readFileSync(join(dir, "records.jsonl"), "utf8").split("\n").filter(Boolean);

let benchmark: Benchmark;
/** The gold of each prompt: a function model that answers it is always right. */
const goldOf = new Map<string, unknown>();
beforeAll(async () => {
  benchmark = await generateBenchmark({ mechanisms: ["mechanics_damper", "thermal_two_masses"], perLevel: 1 });
  const gold = new Map(benchmark.solutions.map((s) => [s.task_id, s.answer]));
  for (const t of benchmark.tasks) goldOf.set(t.prompt, gold.get(t.task_id));
}, 60_000);

/** A function model that answers with the gold and counts the requests per prompt. */
function oracle(): { fn: ModelFunction; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  return {
    calls,
    fn: (req) => {
      calls.set(req.prompt, (calls.get(req.prompt) ?? 0) + 1);
      return { content: JSON.stringify({ answer: goldOf.get(req.prompt) }), usage: { prompt_tokens: 10, completion_tokens: 2 } };
    },
  };
}

describe("generateBenchmark", () => {
  it("in memory gives mech generate's files byte for byte for the same options", { timeout: 60_000 }, async () => {
    const out = join(scratch(), "bench");
    const r = await spawnMech(["generate", "--mechanisms", "thermal_two_masses,mechanics_damper", "--families", "necessity,transition,plausibility", "--per-level", "1", "--seed", "api-test", "--out", out]).done;
    expect(r.err).not.toMatch(/internal error/);
    expect(r.code).toBe(0);
    const b = await generateBenchmark({ mechanisms: ["thermal_two_masses", "mechanics_damper"], families: ["necessity", "transition", "plausibility"], perLevel: 1, seed: "api-test" });
    for (const name of ["tasks.jsonl", "solutions.jsonl", "problems.jsonl"] as const) expect(b.texts[name]).toBe(readFileSync(join(out, name), "utf8"));
    expect(JSON.stringify(b.manifest, null, 2) + "\n").toBe(readFileSync(join(out, "manifest.json"), "utf8"));
    expect(b.timings.solves).toBeGreaterThan(0);
  });

  it("rejects with the signal's reason when cancelled, and writes nothing", async () => {
    const out = join(scratch(), "never");
    const stop = new AbortController();
    stop.abort(new Error("user stop"));
    await expect(generateBenchmark({ mechanisms: ["mechanics_damper"], perLevel: 1, signal: stop.signal })).rejects.toThrow("user stop");
    const late = new AbortController();
    const run = generateBenchmark({ mechanisms: ["mechanics_damper", "thermal_two_masses"], perLevel: 1, out, signal: late.signal, onProgress: (e) => e.done === 3 && late.abort() });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(() => readFileSync(join(out, "manifest.json"))).toThrow();
  });

  it("a cancelled shard keeps the pools it finished and continues from them", async () => {
    const out = join(scratch(), "shard");
    const options = { mechanisms: ["mechanics_damper"], families: parseFamilyList("necessity,transition,plausibility"), perLevel: 1, shard: { index: 1, count: 1 }, out };
    const stop = new AbortController();
    await expect(generateBenchmarkShard({ ...options, signal: stop.signal, onProgress: (e) => e.done === 2 && stop.abort() })).rejects.toMatchObject({ name: "AbortError" });
    const again = await generateBenchmarkShard(options);
    expect(again).toMatchObject({ pools: 3, alreadyThere: 2, generatedNow: 1 });
  });

  it("names the option and what was expected", async () => {
    await expect(generateBenchmark({ perLevel: 0 })).rejects.toThrow(/^generateBenchmark: perLevel: /);
    await expect(generateBenchmark({ mechanisms: ["no_such"] })).rejects.toThrow(/^generateBenchmark: mechanisms: no built-in mechanism no_such \(expected one of /);
    await expect(generateBenchmark({ seed: "two words" })).rejects.toThrow("generateBenchmark: seed: expected 1 to 64 letters, digits or . _ : -");
    await expect(generateBenchmark({ perLevl: 1 } as never)).rejects.toThrow("generateBenchmark: unknown option perLevl");
    await expect(generateBenchmark({ mechanisms: ["mechanics_damper"], signal: "stop" } as never)).rejects.toThrow(OptionsError);
    await expect(generateBenchmarkShard({ shard: { index: 3, count: 2 }, out: scratch() })).rejects.toThrow(/^generateBenchmarkShard: shard: the shard index is at most the shard count/);
    expect(() => parseFamilyList(" , ")).toThrow("families: empty list");
    expect(() => parseMechanismList("mechanics_damper,nope", "--mechanisms")).toThrow(/^--mechanisms: unknown mechanism "nope"/);
  });
});

describe("evaluate with a function model", () => {
  it("resumes after a kill: records on disk stay, a cut-off last line is dropped, nothing answered is sent again", async () => {
    const out = join(scratch(), "run");
    const cache = new MemoryResponseCache();
    const first = oracle();
    const stop = new AbortController();
    // the "kill": the run stops after 10 records, its requests in flight abandoned
    const stopped = await evaluate({ benchmark, model: { id: "oracle", function: first.fn }, out, cache, concurrency: 3, signal: stop.signal, onProgress: (p) => p.done === 10 && stop.abort() });
    expect(stopped.summary?.pending).toBeGreaterThan(0);
    const before = recordLines(out);
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.length).toBeLessThan(benchmark.tasks.length);
    // and a process killed while writing its last line leaves half of it
    const text = readFileSync(join(out, "records.jsonl"), "utf8");
    truncateSync(join(out, "records.jsonl"), new TextEncoder().encode(text).length - 20);
    const torn = JSON.parse(before.at(-1)!).task_id as string;

    const second = oracle();
    const warnings: string[] = [];
    const resumed = await evaluate({ benchmark, model: { id: "oracle", function: second.fn }, out, cache, onOpen: (r) => warnings.push(...r.warnings) });
    expect(warnings.join("\n")).toMatch(/its last line was cut off/);
    expect(resumed.summary).toMatchObject({ pending: 0, skipped: before.length - 1, failures: {} });
    // the cut-off item's response was paid for: it comes from the cache, not the function
    expect(resumed.summary?.cached).toBe(1);
    const answered = new Set(before.slice(0, -1).map((l) => JSON.parse(l).task_id as string));
    for (const t of benchmark.tasks) expect(second.calls.get(t.prompt) ?? 0, t.task_id).toBe(answered.has(t.task_id) || t.task_id === torn ? 0 : 1);
    const run = loadEvaluation(out, { benchmark });
    expect(new Set(run.records.map((r) => r.task_id)).size).toBe(benchmark.tasks.length);
    expect(recordLines(out)).toHaveLength(benchmark.tasks.length);
  });

  it("keys the cache by the model id: the same id sends nothing again, another id sends everything", async () => {
    const cache = new MemoryResponseCache();
    const a = oracle();
    await evaluate({ benchmark, model: { id: "model-a", function: a.fn }, cache });
    expect(a.calls.size).toBe(benchmark.tasks.length);
    const again = oracle();
    const cached = await evaluate({ benchmark, model: { id: "model-a", function: again.fn }, cache });
    expect(again.calls.size).toBe(0);
    expect(cached.summary).toMatchObject({ sent: 0, cached: benchmark.tasks.length });
    const b = oracle();
    const other = await evaluate({ benchmark, model: { id: "model-b", function: b.fn }, cache });
    expect(b.calls.size).toBe(benchmark.tasks.length);
    expect(other.summary?.cached).toBe(0);
  });

  it("records a function that throws as a failure of its class, and retries it only when asked", async () => {
    const out = join(scratch(), "failing");
    let calls = 0;
    const fn: ModelFunction = (req) => {
      calls++;
      if (req.task?.family === "necessity") throw new Error("the SDK broke");
      if (req.task?.family === "transition") throw new ModelError("server", "upstream 502");
      return "{}";
    };
    const run = await evaluate({ benchmark, model: { id: "flaky", function: fn }, out });
    const count = (f: string) => benchmark.tasks.filter((t) => t.family === f).length;
    expect(run.summary?.failures).toEqual({ evaluator: count("necessity"), gateway: count("transition") });
    const failure = run.records.find((r) => r.type === "failure" && r.family === "necessity");
    expect(failure).toMatchObject({ class: "evaluator", error: { message: "the model function failed: the SDK broke" } });
    calls = 0;
    await evaluate({ benchmark, model: { id: "flaky", function: fn }, out });
    expect(calls).toBe(0);
    const retried = await evaluate({ resume: out, benchmark, model: { id: "flaky", function: fn }, retryFailed: true });
    expect(calls).toBe(count("necessity") + count("transition"));
    expect(retried.summary?.skipped).toBe(benchmark.tasks.length - calls);
  });

  it("turns a deadline into a timeout failure and aborts the function's signal", async () => {
    let aborted = 0;
    const slow: ModelFunction = (req) =>
      new Promise((resolve) => {
        req.signal.addEventListener("abort", () => {
          aborted++;
          resolve("{}");
        });
      });
    const one = { ...benchmark, tasks: benchmark.tasks.slice(0, 2) };
    const own = await evaluate({ benchmark: one, model: { id: "slow", function: slow, timeoutMs: 30 } });
    expect(own.summary?.failures).toEqual({ timeout: 2 });
    expect(own.records[0]).toMatchObject({ type: "failure", class: "timeout" });
    // the run's deadline applies to a model that sets none
    const run = await evaluate({ benchmark: one, model: { id: "slow", function: slow }, timeoutMs: 30 });
    expect(run.summary?.failures).toEqual({ timeout: 2 });
    expect(aborted).toBe(4);
  });

  it("leaves the items in flight pending when the signal aborts", async () => {
    const stop = new AbortController();
    const run = await evaluate({
      benchmark,
      model: { id: "slow", function: (req) => new Promise((resolve) => setTimeout(() => resolve(JSON.stringify({ answer: goldOf.get(req.prompt) })), 5)) },
      concurrency: 2,
      signal: stop.signal,
      onProgress: (p) => p.done === 4 && stop.abort(),
    });
    expect(run.records.length).toBeGreaterThanOrEqual(4);
    expect(run.records.length).toBeLessThan(benchmark.tasks.length);
    expect(run.summary?.pending).toBe(benchmark.tasks.length - run.records.length);
    expect(run.records.every((r) => r.type === "response")).toBe(true);
  });
});

describe("evaluate's options", () => {
  const fn: ModelFunction = () => "{}";
  it("names the option and what was expected", async () => {
    await expect(evaluate({ benchmark, model: { id: "m", function: fn }, concurrency: 0 })).rejects.toThrow(/^evaluate: concurrency: /);
    await expect(evaluate({ benchmark } as never)).rejects.toThrow(/^evaluate: model: expected \{id, function\} for a function model/);
    await expect(evaluate({ model: { baseline: "replay" } })).rejects.toThrow(/^evaluate: benchmark: expected a benchmark .* or resume: a run directory/);
    await expect(evaluate({ benchmark, model: { baseline: "oracle" } } as never)).rejects.toThrow(OptionsError);
    await expect(evaluate({ benchmark, model: { id: "m", function: fn }, families: ["bogus"] } as never)).rejects.toThrow(/^evaluate: families\.0: /);
    await expect(evaluate({ benchmark, model: { id: "m", function: fn }, cache: 7 } as never)).rejects.toThrow("evaluate: cache: expected a directory, a ResponseCache or a function choosing one");
    // OpenAI's endpoint takes no request without a key: refused before anything is sent
    await expect(evaluate({ benchmark, model: { id: "gpt-x" } })).rejects.toThrow("evaluate: model.apiKey: https://api.openai.com/v1 needs an API key (give model.apiKey)");
    let asked = "";
    await expect(evaluate({ benchmark, model: { id: "gpt-x", apiKeyEnv: "MY_KEY" }, apiKeyFrom: (v) => void (asked = v) })).rejects.toThrow("or apiKeyFrom to read MY_KEY");
    expect(asked).toBe("MY_KEY");
  });

  it("a resumed run keeps its own settings, and a function model must be given again", async () => {
    const out = join(scratch(), "resume");
    await evaluate({ benchmark, model: { id: "m", function: fn }, out, limit: 3 });
    await expect(evaluate({ resume: out, benchmark, model: { id: "m", function: fn }, limit: 5 })).rejects.toThrow("evaluate: limit: a resumed run keeps its own settings (its run.json); drop limit");
    await expect(evaluate({ resume: out, benchmark })).rejects.toThrow(/is a run of the function model m; give it again as model: \{id, function\}/);
    await expect(evaluate({ resume: out, benchmark, model: { id: "other", function: fn } })).rejects.toThrow(/is a run of m, not of other/);
    await expect(evaluate({ resume: join(scratch(), "none"), benchmark })).rejects.toThrow(RunError);
    const resumed = await evaluate({ resume: out, benchmark, model: { id: "m", function: fn } });
    expect(resumed.summary).toMatchObject({ total: 3, skipped: 3, sent: 0 });
  });

  it("resumes a baseline run from its run.json alone, its benchmark read from the directory it recorded", async () => {
    const root = scratch();
    const saved = await generateBenchmark({ mechanisms: ["mechanics_damper"], families: ["necessity"], perLevel: 1, out: join(root, "bench") });
    const out = join(root, "run");
    await evaluate({ benchmark: join(root, "bench"), model: { baseline: "replay" }, out });
    writeFileSync(join(out, "records.jsonl"), "");
    const resumed = await evaluate({ resume: out });
    expect(resumed.summary).toMatchObject({ sent: saved.tasks.length, skipped: 0 });
    expect(loadEvaluation(out).records).toHaveLength(saved.tasks.length);
  });
});
