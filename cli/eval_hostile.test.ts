// mech eval against hostile endpoints (engine/llm/hostile.test_support.ts): ten items meet ten
// misbehaviours at once; each is recorded once under its failure class within the run's
// deadline, nothing huge is stored, and --retry-failed against the mended endpoint finishes
// the run with nothing lost and no answered item sent again.
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTILE, type HostileServer, startHostile } from "../engine/llm/hostile.test_support.ts";
import { writeSmallBenchmark } from "../engine/eval/eval.test_support.ts";
import { spawnMech } from "./cli.test_support.ts";

let tasks = "";
let server: HostileServer;
beforeAll(async () => {
  tasks = writeSmallBenchmark().dir;
  // the first ten requests misbehave, one way each; every later one is answered
  server = await startHostile((n) => (n < HOSTILE.length ? HOSTILE[n] : "ok"));
});
afterAll(() => server.close());

describe("mech eval against hostile endpoints", () => {
  it("classifies every misbehaviour within the deadline, stores nothing huge, and a retry finishes the run", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "mech-hostile-")), "run");
    const args = ["eval", "--tasks", tasks, "--model", "hostile", "--base-url", server.baseURL, "--limit", "10", "--concurrency", "10", "--timeout", "2", "--max-response-bytes", String(1 << 20), "--no-cache", "--out", out];
    const t0 = performance.now();
    const r = await spawnMech(args).done;
    const seconds = (performance.now() - t0) / 1000;
    expect(r.err).not.toMatch(/internal error|^\s+at /m);
    expect(r.code).toBe(1);
    // two deadlines of 2 s at once, plus the process's start
    expect(seconds).toBeLessThan(15);
    const records = readFileSync(join(out, "records.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as { type: string; class?: string; error?: { message: string } });
    expect(records).toHaveLength(10);
    const classes = records.filter((x) => x.type === "failure").map((x) => x.class).sort();
    expect(classes).toEqual(["malformed", "malformed", "malformed", "oversize", "oversize", "timeout", "timeout", "transport", "transport"]);
    expect(records.filter((x) => x.class === "oversize").every((x) => /passed the limit of 1048576 bytes/.test(x.error!.message))).toBe(true);
    // a 40 MB and an endless body came in; the records hold neither
    expect(statSync(join(out, "records.jsonl")).size).toBeLessThan(64 * 1024);
    const sent = server.requests;
    const again = await spawnMech(["eval", "--retry-failed", out, "--no-cache"]).done;
    expect(again.err).not.toMatch(/internal error/);
    expect(again.code).toBe(0);
    expect(server.requests - sent).toBe(9); // the failures only: the answered item is not sent again
    expect(again.out).toContain("| all | 10 |");
  }, 60_000);
});
