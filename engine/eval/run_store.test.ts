import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import process from "node:process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EVAL_RUN_FORMAT, type ItemRecord, type RunConfig } from "./run_records.ts";
import { latestRecords, openRun, readRun } from "./run_store.ts";
import { LOCK_STALE_MS } from "../files/dir_lock.ts";
import { RunError } from "../files/errors.ts";

const H = "a".repeat(64);
const config: RunConfig = {
  format: EVAL_RUN_FORMAT,
  model: "m",
  endpoint: "http://h/v1",
  api_key_env: "OPENAI_API_KEY",
  tasks: { dir: "t", completion_sha256: H, retained: 3 },
  selection: { families: null, mechanisms: null, limit: null },
  settings: { max_output_tokens: 20_000, temperature: 0, reasoning_effort: "low", json_object: false },
  request: { max_tokens: 20_000, temperature: 0 },
  system_message: "sys",
  items: 3,
  created: "2026-12-01T00:00:00.000Z",
};
const response = (n: number, extra: Partial<ItemRecord> = {}): ItemRecord => ({
  type: "response",
  task_id: `task_${String(n).padStart(16, "0")}`,
  family: "necessity",
  mechanism: "x",
  request_sha256: H,
  attempts: [],
  latency_ms: 1,
  finished: "2026-12-01T00:00:01.000Z",
  content: "{}",
  finish_reason: "stop",
  usage: null,
  cached: false,
  ...extra,
} as ItemRecord);
const failure = (n: number): ItemRecord => ({
  type: "failure",
  task_id: `task_${String(n).padStart(16, "0")}`,
  family: "necessity",
  mechanism: "x",
  request_sha256: H,
  attempts: [{ started: "2026-12-01T00:00:00.000Z", latency_ms: 5, error: { kind: "server", status: 500, message: "boom" } }],
  latency_ms: 5,
  finished: "2026-12-01T00:00:01.000Z",
  class: "gateway",
  error: { kind: "server", status: 500, message: "boom" },
});
const fresh = () => join(mkdtempSync(join(tmpdir(), "mech-run-")), "run");

describe("a run directory", () => {
  it("is created with run.json, appends records, and resumes with the same configuration", async () => {
    const dir = fresh();
    const a = await openRun(dir, config);
    a.append(response(1));
    a.append(failure(2));
    a.close();
    expect(JSON.parse(readFileSync(join(dir, "run.json"), "utf8"))).toEqual(config);
    const b = await openRun(dir, { ...config, created: "2027-01-01T00:00:00.000Z", settings: { ...config.settings, temperature: 1 } });
    expect(b.records.map((r) => r.type)).toEqual(["response", "failure"]);
    expect(b.config.created).toBe(config.created);
    b.close();
  });

  it("refuses to mix runs: another model, endpoint, benchmark, selection or request controls", async () => {
    const dir = fresh();
    (await openRun(dir, config)).close();
    for (const other of [
      { ...config, model: "m2" },
      { ...config, endpoint: "http://other/v1" },
      { ...config, tasks: { ...config.tasks, completion_sha256: "b".repeat(64) } },
      { ...config, selection: { ...config.selection, limit: 2 } },
      { ...config, request: { max_tokens: 10 } },
    ]) await expect(openRun(dir, other)).rejects.toThrow(/holds a different run/);
  });

  it("refuses a non-empty directory without a run, and a missing run for --retry-failed", async () => {
    const dir = fresh();
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "x");
    await expect(openRun(dir, config)).rejects.toThrow(/not empty and holds no run/);
    await expect(openRun(fresh(), null)).rejects.toThrow(/no such directory/);
    expect(() => readRun(dir)).toThrow(/not a run directory/);
  });

  it("drops a last line cut off by a killed process (with a warning) and appends after it cleanly", async () => {
    const dir = fresh();
    const a = await openRun(dir, config);
    a.append(response(1));
    a.close();
    appendFileSync(join(dir, "records.jsonl"), JSON.stringify(response(2)).slice(0, 40));
    expect(readRun(dir).warnings[0]).toMatch(/last line was cut off/);
    const b = await openRun(dir, config);
    expect(b.records).toHaveLength(1);
    b.append(response(3));
    b.close();
    const r = readRun(dir);
    expect(r.warnings).toEqual([]);
    expect(r.records.map((x) => x.task_id.slice(-1))).toEqual(["1", "3"]);
  });

  it("reports a bad line in the middle with file and line, never skipping it silently", async () => {
    const dir = fresh();
    const a = await openRun(dir, config);
    a.append(response(1));
    a.close();
    appendFileSync(join(dir, "records.jsonl"), '{"type": "response"}\n');
    appendFileSync(join(dir, "records.jsonl"), JSON.stringify(response(2)) + "\n");
    expect(() => readRun(dir)).toThrow(/records\.jsonl:2: /);
    await expect(openRun(dir, config)).rejects.toThrow(RunError);
  });

  it("is locked while open: a refreshed lock is refused; a silent one (its process killed) is taken over", async () => {
    const dir = fresh();
    const a = await openRun(dir, config);
    expect(JSON.parse(readFileSync(join(dir, ".lock"), "utf8"))).toMatchObject({ pid: process.pid });
    a.close();
    expect(existsSync(join(dir, ".lock"))).toBe(false);

    // another process refreshing its lock while we wait
    let t = Date.now();
    const write = () => writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: 424242, heartbeat: t }));
    write();
    await expect(openRun(dir, config, async () => {
      t += 1_000;
      write();
    })).rejects.toThrow(/in use by process 424242/);

    // a lock that is never refreshed again: taken over once it is older than the stale limit
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: 424242, heartbeat: Date.now() - LOCK_STALE_MS + 300 }));
    let waits = 0;
    const b = await openRun(dir, config, (ms) => {
      waits++;
      return new Promise((r) => setTimeout(r, ms));
    });
    expect(waits).toBeGreaterThan(0);
    b.close();
    writeFileSync(join(dir, ".lock"), JSON.stringify({ pid: 424242, heartbeat: Date.now() - LOCK_STALE_MS - 1 }));
    (await openRun(dir, config, () => Promise.reject(new Error("a stale lock needs no wait")))).close();
  });
});

describe("latestRecords", () => {
  it("a later record supersedes a failure; the first response is final", () => {
    const latest = latestRecords([failure(1), response(1, { content: "first" }), response(1, { content: "second" }), failure(2)]);
    expect((latest.get(`task_${"1".padStart(16, "0")}`) as { content: string }).content).toBe("first");
    expect(latest.get(`task_${"2".padStart(16, "0")}`)?.type).toBe("failure");
  });
});
