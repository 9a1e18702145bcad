import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completion, httpError, type Loopback, startLoopback } from "../engine/llm/loopback.test_support.ts";
import { userMessage, writeSmallBenchmark } from "../engine/eval/eval.test_support.ts";
import type { EvalItem } from "../engine/eval/items.ts";
import { spawnMech } from "./cli.test_support.ts";
import { BINARY_PERMISSIONS } from "./compile.ts";

let tasks: string;
let items: EvalItem[];
const byPrompt = new Map<string, EvalItem>();
const scratch = () => mkdtempSync(join(tmpdir(), "mech-eval-cli-"));
const mech = (args: string[], env: Record<string, string> = {}) => spawnMech(args, { MECHBENCH_CACHE_DIR: join(scratch(), "cache"), ...env }).done;
const recordsOf = (dir: string) => readFileSync(join(dir, "records.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { task_id: string; type: string; cached?: boolean });

/** A loopback model that knows the small benchmark's items: each prompt is logged, refused with a 502 when `fail` says so, else answered with `answer` after `delayMs`. */
const goldServer = (log: string[], fail: (prompt: string) => boolean, answer: (it: EvalItem) => string, delayMs: number): Promise<Loopback> =>
  startLoopback((body) => {
    const prompt = userMessage(body);
    log.push(prompt);
    const it = byPrompt.get(prompt);
    if (!it) return httpError(400, "unknown prompt");
    if (fail(prompt)) return httpError(502, "bad gateway");
    return { ...completion({ content: answer(it) }), delayMs };
  });

beforeAll(() => {
  ({ dir: tasks, items } = writeSmallBenchmark());
  for (const it of items) byPrompt.set(it.prompt, it);
});

describe("mech eval with the compiled binary's permissions", () => {
  it("an --api-key-env the binary may not read is a clear input error, exit 2, nothing sent", async () => {
    const out = join(scratch(), "denied");
    const r = await spawnMech(["eval", "--tasks", tasks, "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--api-key-env", "OTHER_KEY", "--out", out], { OTHER_KEY: "k" }, BINARY_PERMISSIONS).done;
    expect(r.code).toBe(2);
    expect(r.err).toBe("mech: cannot read the environment variable OTHER_KEY: not granted to this program (the compiled binary reads only names starting with OPENAI_ or MECHBENCH_); put the value in such a variable and name that one\n");
  });
});

describe("mech eval with the in-process baselines", () => {
  it("baseline:replay scores 100 % end to end through the runner, records and scorer; score reads the run back", async () => {
    const out = join(scratch(), "replay");
    const r = await mech(["eval", "--tasks", tasks, "--model", "baseline:replay", "--out", out]);
    expect(r.err).not.toMatch(/internal error/);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`| all | ${items.length} | ${items.length} | 0 | 0 | 0 | 100.0 | 100.0 | 100.0 | 100.0 | 100.0 | 100.0 |`);
    expect(recordsOf(out)).toHaveLength(items.length);
    const maj = join(scratch(), "majority");
    expect((await mech(["eval", "--tasks", tasks, "--model", "baseline:majority", "--out", maj])).code).toBe(0);
    const s = await mech(["eval", "score", out, maj, "--json"]);
    expect(s.code).toBe(0);
    const json = JSON.parse(s.out) as { runs: { model: string; families: { family: string; e2e_accuracy: number; protocol: number }[] }[] };
    expect(json.runs.map((x) => x.model)).toEqual(["baseline:replay", "baseline:majority"]);
    const all = (k: number) => json.runs[k].families.find((f) => f.family === "all")!;
    expect(all(0).e2e_accuracy).toBe(1);
    expect(all(1).e2e_accuracy).toBeLessThan(0.5);
    expect(all(1).protocol).toBe(0);
    const report = await mech(["eval", "report", out, maj, "--replicates", "500"]);
    expect(report.err).not.toMatch(/internal error/);
    expect(report.code).toBe(0);
    expect(report.out).toContain("# MechReasoner report");
    expect(report.out).toContain("| task family | majority/constant | baseline:replay | baseline:majority |");
    expect(readFileSync(join(out, "report.html"), "utf8")).toContain("<h1>MechReasoner report</h1>");
    const twice = await mech(["eval", "report", out, out]);
    expect(twice.code).toBe(2);
    expect(twice.err).toContain("two runs of baseline:replay");
    const text = await mech(["eval", "score", out, maj]);
    expect(text.out).toContain("| task family | baseline:replay | baseline:majority |");
    // a finished run started again sends nothing and changes nothing
    const again = await mech(["eval", "--tasks", tasks, "--model", "baseline:replay", "--out", out]);
    expect(again.code).toBe(0);
    expect(again.err).toContain(`0 sent, 0 from the cache, ${items.length} already finished`);
    expect(recordsOf(out)).toHaveLength(items.length);
  });

  it("bad input is a clear error with exit 2, never a stack trace", async () => {
    const cases: [string[], RegExp][] = [
      [["eval", "--tasks", tasks, "--out", join(scratch(), "x")], /name the model with --model/],
      [["eval", "--tasks", tasks, "--model", "m"], /name the run directory with --out/],
      [["eval", "--tasks", join(scratch(), "nowhere"), "--model", "baseline:replay", "--out", join(scratch(), "x")], /no such directory/],
      [["eval", "--tasks", tasks, "--model", "baseline:oracle", "--out", join(scratch(), "x")], /unknown baseline "oracle"/],
      [["eval", "--tasks", tasks, "--model", "baseline:replay", "--families", "necessity,nope", "--out", join(scratch(), "x")], /unknown family "nope"/],
      [["eval", "--retry-failed", join(scratch(), "none")], /no such directory/],
      [["eval", "--retry-failed", tasks, "--model", "m"], /drop --model/],
      [["eval", "score", tasks], /not a run directory/],
      [["eval", "--tasks", tasks, "--model", "m", "--out", join(scratch(), "x"), "--prices", tasks + "/manifest.json"], /expected an object/],
    ];
    const results = await Promise.all(cases.map(([args]) => mech(args, { OPENAI_API_KEY: "" })));
    for (const [i, [args, message]] of cases.entries()) {
      const r = results[i];
      expect(r.err, args.join(" ")).toMatch(message);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).not.toMatch(/^\s+at /m);
    }
    const out = join(scratch(), "r");
    expect((await mech(["eval", "--tasks", tasks, "--model", "baseline:replay", "--out", out, "--limit", "3"])).code).toBe(0);
    const other = await mech(["eval", "--tasks", tasks, "--model", "baseline:majority", "--out", out]);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/holds a different run \(model: "baseline:replay" here, "baseline:majority" asked/);
  });
});

describe("mech eval against a loopback endpoint", () => {
  let server: Loopback;
  const requests: string[] = [];
  let failFirst = new Set<string>();
  beforeAll(async () => {
    server = await goldServer(requests, (p) => failFirst.delete(p), (it) => "Answer:\n```json\n" + JSON.stringify({ answer: it.gold }) + "\n```", 25);
  });
  afterAll(() => server.close());

  it("a run killed with SIGKILL resumes: no finished item lost or duplicated, no answered request sent again", async () => {
    requests.length = 0;
    const out = join(scratch(), "killed");
    const cache = join(scratch(), "cache");
    const args = ["eval", "--tasks", tasks, "--model", "loopback-model", "--base-url", server.baseURL, "--concurrency", "3", "--out", out, "--cache", cache];
    const first = spawnMech(args);
    // wait until a third of the items are recorded, then kill the process outright
    const target = Math.ceil(items.length / 3);
    for (let i = 0; i < 600; i++) {
      if (existsSync(join(out, "records.jsonl")) && recordsOf(out).length >= target) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    first.child.kill("SIGKILL");
    const killed = await first.done;
    expect(killed.signal).toBe("SIGKILL");
    const before = new Set(recordsOf(out).map((r) => r.task_id));
    expect(before.size).toBeGreaterThanOrEqual(target);
    expect(before.size).toBeLessThan(items.length);
    const sentBefore = requests.length;

    const second = await spawnMech(args).done;
    expect(second.err).not.toMatch(/internal error/);
    expect(second.err).toMatch(/waiting to see whether it is still running/);
    expect(second.code).toBe(0);
    const records = recordsOf(out);
    expect(records).toHaveLength(items.length);
    expect(new Set(records.map((r) => r.task_id)).size).toBe(items.length);
    // every item recorded before the kill was requested exactly once, over both runs
    const count = (p: string) => requests.filter((q) => q === p).length;
    for (const it of items) {
      if (before.has(it.task_id)) expect(count(it.prompt), it.task_id).toBe(1);
      else expect(count(it.prompt)).toBeGreaterThanOrEqual(1);
    }
    // only requests in flight at the kill (at most the concurrency) were sent twice
    expect(requests.length - items.length).toBeLessThanOrEqual(3);
    expect(sentBefore).toBeLessThanOrEqual(before.size + 3);
    expect(second.out).toContain(`| all | ${items.length} | ${items.length} | 0 | 0 | 0 |`);

    // the same configuration into a new run directory costs nothing: every response from the cache
    requests.length = 0;
    const copy = join(scratch(), "copy");
    const third = await spawnMech([...args.slice(0, -4), "--out", copy, "--cache", cache]).done;
    expect(third.code).toBe(0);
    expect(requests).toHaveLength(0);
    expect(recordsOf(copy).every((r) => r.cached)).toBe(true);
  });

  it("gateway failures are persisted, reported with exit 1, and sent again by --retry-failed with the same prompt", async () => {
    requests.length = 0;
    failFirst = new Set(items.slice(0, 2).map((i) => i.prompt));
    const out = join(scratch(), "failing");
    const r = await mech(["eval", "--tasks", tasks, "--model", "loopback-model", "--base-url", server.baseURL, "--out", out, "--limit", "5", "--no-cache"]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/infrastructure failures: gateway 2/);
    expect(r.err).toContain(`mech eval --retry-failed ${out}`);
    expect(recordsOf(out).filter((x) => x.type === "failure")).toHaveLength(2);
    requests.length = 0;
    const again = await mech(["eval", "--retry-failed", out, "--no-cache"]);
    expect(again.code).toBe(0);
    expect(requests.sort()).toEqual(items.slice(0, 2).map((i) => i.prompt).sort());
    expect(again.out).toContain("| all | 5 | 5 | 0 | 0 | 0 |");
    expect(recordsOf(out)).toHaveLength(7);
  });
});

describe("mech eval --samples: several samples per item", () => {
  let server: Loopback;
  const requests: string[] = [];
  // the n-th request of a prompt since the last reset is right unless n is 1: sample 1 disagrees
  const sent = new Map<string, number>();
  let failOnce = new Set<string>();
  beforeAll(async () => {
    server = await goldServer(requests, (p) => failOnce.delete(p), (it) => {
      const n = sent.get(it.prompt) ?? 0;
      sent.set(it.prompt, n + 1);
      return JSON.stringify({ answer: n === 1 ? {} : it.gold });
    }, 15);
  });
  afterAll(() => server.close());
  const reset = () => {
    requests.length = 0;
    sent.clear();
  };
  const samplesOf = (dir: string) => recordsOf(dir) as unknown as { task_id: string; type: string; sample: number; content?: string; cached: boolean }[];

  it("a run of 3 samples killed with SIGKILL resumes: every (item, sample) recorded once, nothing finished sent again", async () => {
    reset();
    const out = join(scratch(), "killed3");
    const cache = join(scratch(), "cache");
    const args = ["eval", "--tasks", tasks, "--model", "loopback-model", "--base-url", server.baseURL, "--concurrency", "3", "--samples", "3", "--temperature", "1", "--out", out, "--cache", cache];
    const first = spawnMech(args);
    const target = Math.ceil((3 * items.length) / 3);
    for (let i = 0; i < 1000; i++) {
      if (existsSync(join(out, "records.jsonl")) && recordsOf(out).length >= target) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    first.child.kill("SIGKILL");
    expect((await first.done).signal).toBe("SIGKILL");
    const before = samplesOf(out);
    expect(before.length).toBeGreaterThanOrEqual(target);
    expect(before.length).toBeLessThan(3 * items.length);
    const second = await spawnMech(args).done;
    expect(second.err).not.toMatch(/internal error/);
    expect(second.code).toBe(0);
    const records = samplesOf(out);
    expect(records).toHaveLength(3 * items.length);
    expect(new Set(records.map((r) => `${r.task_id}/${r.sample}`)).size).toBe(3 * items.length);
    expect(records.every((r) => [0, 1, 2].includes(r.sample))).toBe(true);
    // an item whose three samples were all recorded before the kill was requested exactly three times
    const whole = new Set(items.filter((it) => before.filter((r) => r.task_id === it.task_id).length === 3).map((it) => it.prompt));
    expect(whole.size).toBeGreaterThan(0);
    for (const p of whole) expect(requests.filter((q) => q === p).length).toBe(3);
    // only the requests in flight at the kill were sent twice
    expect(requests.length - 3 * items.length).toBeLessThanOrEqual(3);
    expect(second.out).toContain("Repeated inference (3 samples per item");
    // the same configuration into a new directory: every sample from the cache, nothing sent
    requests.length = 0;
    const copy = join(scratch(), "copy3");
    const third = await spawnMech([...args.slice(0, -4), "--out", copy, "--cache", cache]).done;
    expect(third.code).toBe(0);
    expect(requests).toHaveLength(0);
    expect(samplesOf(copy).every((r) => r.cached)).toBe(true);
    expect(samplesOf(copy).map((r) => `${r.task_id}/${r.sample}/${r.content}`).sort()).toEqual(records.map((r) => `${r.task_id}/${r.sample}/${r.content}`).sort());
  });

  it("--retry-failed sends the failed samples only; a merged sharded run of 3 samples equals the unsharded one", async () => {
    reset();
    const five = items.slice(0, 5);
    failOnce = new Set([five[1].prompt]);
    const out = join(scratch(), "retry3");
    const base = ["--tasks", tasks, "--model", "loopback-model", "--base-url", server.baseURL, "--concurrency", "1", "--samples", "3", "--no-cache"];
    const r = await mech(["eval", ...base, "--out", out, "--limit", "5"]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/infrastructure failures: gateway 1/);
    const failed = samplesOf(out).filter((x) => x.type === "failure");
    expect(failed).toHaveLength(1);
    requests.length = 0;
    const again = await mech(["eval", "--retry-failed", out, "--no-cache"]);
    expect(again.code).toBe(0);
    expect(requests).toEqual([five[1].prompt]);
    expect(samplesOf(out)).toHaveLength(3 * 5 + 1);

    reset();
    const whole = join(scratch(), "whole3");
    expect((await mech(["eval", ...base, "--out", whole])).code).toBe(0);
    const shards = [1, 2].map((i) => join(scratch(), `shard3-${i}`));
    for (const [i, dir] of shards.entries()) {
      reset();
      expect((await mech(["eval", ...base, "--shard", `${i + 1}/2`, "--out", dir])).code).toBe(0);
    }
    const merged = join(scratch(), "merged3");
    const m = await mech(["merge", ...shards, "--out", merged]);
    expect(m.err).not.toMatch(/internal error/);
    expect(m.code).toBe(0);
    const key = (dir: string) => samplesOf(dir).map((x) => `${x.task_id}/${x.sample}/${x.type}/${x.content}`).sort();
    expect(key(merged)).toEqual(key(whole));
    const score = async (dir: string) => {
      const s = await mech(["eval", "score", dir, "--json"]);
      expect(s.code).toBe(0);
      const { dir: _, ...rest } = (JSON.parse(s.out) as { runs: Record<string, unknown>[] }).runs[0];
      return rest;
    };
    const a = await score(whole);
    expect(await score(merged)).toEqual(a);
    const all = (a.samples as { samples: number; families: { family: string; mean: number; majority: number; pass_at: number[]; agreement: number }[] }).families.at(-1)!;
    expect(all).toMatchObject({ family: "all", majority: 1 });
    expect(all.mean).toBeCloseTo(2 / 3, 12);
    expect(all.agreement).toBeCloseTo(1 / 3, 12);
    expect(all.pass_at[2]).toBe(1);
  });

  it("bad --samples and a resumed run of another sample count are clear errors with exit 2", async () => {
    const out = join(scratch(), "k2");
    const cases: [string[], RegExp][] = [
      [["eval", "--tasks", tasks, "--model", "baseline:replay", "--samples", "0", "--out", out], /--samples/],
      [["eval", "--tasks", tasks, "--model", "baseline:replay", "--samples", "101", "--out", out], /--samples/],
      [["eval", "--retry-failed", out, "--samples", "2"], /drop --samples/],
    ];
    for (const [args, message] of cases) {
      const r = await mech(args);
      expect(r.err, args.join(" ")).toMatch(message);
      expect(r.code, args.join(" ")).toBe(2);
    }
    expect((await mech(["eval", "--tasks", tasks, "--model", "baseline:replay", "--samples", "2", "--limit", "2", "--out", out])).code).toBe(0);
    const other = await mech(["eval", "--tasks", tasks, "--model", "baseline:replay", "--limit", "2", "--out", out]);
    expect(other.code).toBe(2);
    expect(other.err).toContain("holds a different run (samples: 2 here, 1 asked)");
  });
});

describe("progress text", () => {
  it("shows failures by class, tokens and an ETA from this session's pace", async () => {
    const { progressDetail } = await import("./eval_commands.ts");
    const p = { done: 60, total: 110, sent: 50, cached: 2, failures: { timeout: 3, gateway: 2 }, inputTokens: 1_234_567, outputTokens: 45_600, last: null };
    expect(progressDetail(p, 100, 10)).toBe("failures timeout 3, gateway 2 · tokens 1.2M in / 45.6k out · 2 cached · ETA 1m40s");
    expect(progressDetail({ ...p, failures: {}, cached: 0, done: 110 }, 100, 10)).toBe("failures 0 · tokens 1.2M in / 45.6k out · done");
  });
});
