// `mech view` as a user runs it: a page per benchmark's runs (written where --out says, or
// view.html in the first run directory), and every kind of bad input refused with exit 2 and
// a sentence: a directory that is neither kind of run, a benchmark directory, runs of both
// benchmarks together, options of the other benchmark, a record damaged mid-file.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnMech } from "./cli.test_support.ts";
import { syntheticTranscript } from "../engine/physment/report/view.test_support.ts";

let dir = "";
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mechbench-view-cli-"));
  expect((await spawnMech(["generate", "--mechanisms", "mechanics_damper", "--per-level", "1", "--out", join(dir, "tasks")]).done).code).toBe(0);
  expect((await spawnMech(["eval", "--tasks", join(dir, "tasks"), "--model", "baseline:replay", "--out", join(dir, "replay"), "--no-cache"]).done).code).toBe(0);
  mkdirSync(join(dir, "pm"));
  const t = syntheticTranscript({ scene: 7, model: "m", budget: 5, iterations: 2, calls: 1, answer: 1 });
  writeFileSync(join(dir, "pm", `${t.key}.jsonl`), t.text);
  mkdirSync(join(dir, "other"));
  writeFileSync(join(dir, "other", "notes.jsonl"), '{"a": 1}\n');
}, 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("mech view", () => {
  it("writes the page of MechReasoner runs into the first run directory, and of PhysMent runs where --out says", async () => {
    const r = await spawnMech(["view", join(dir, "replay")]).done;
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/mech: \d+ rows written to .*replay\/view\.html/);
    expect(readFileSync(join(dir, "replay", "view.html"), "utf8")).toMatch(/^<!DOCTYPE html>/);
    const p = await spawnMech(["view", join(dir, "pm"), "--out", join(dir, "pm.html")]).done;
    expect(p.code, p.err).toBe(0);
    expect(p.err).toContain(`mech: 1 row written to ${join(dir, "pm.html")}`);
    expect(existsSync(join(dir, "pm.html"))).toBe(true);
  }, 120_000);

  it("refuses bad input with exit 2 and the reason", async () => {
    const cases: [string[], RegExp][] = [
      [[join(dir, "other")], /other: neither a MechReasoner run directory \(no run\.json, which mech eval writes\) nor a PhysMent run directory/],
      [[join(dir, "tasks")], /tasks: a benchmark directory \(mech generate\), not a run/],
      [[join(dir, "nowhere")], /nowhere: no such directory/],
      [[join(dir, "replay"), join(dir, "pm")], /replay is a MechReasoner run and .*pm a PhysMent run; view each benchmark's runs on a page of its own/],
      [[join(dir, "replay"), join(dir, "replay")], /two runs of baseline:replay; the viewer shows each model once/],
      [[join(dir, "replay"), "--scenes-dir", dir], /--scenes-dir: these are MechReasoner runs/],
      [[join(dir, "pm"), "--tasks", dir], /--tasks: these are PhysMent runs/],
    ];
    for (const [args, message] of cases) {
      const r = await spawnMech(["view", ...args]).done;
      expect([r.code, r.err], args.join(" ")).toEqual([2, expect.stringMatching(message)]);
      expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    }
    // a record damaged in the middle of records.jsonl is named by file and line
    const records = join(dir, "replay", "records.jsonl");
    const lines = readFileSync(records, "utf8").split("\n");
    lines[0] = lines[0].slice(0, 20);
    writeFileSync(records, lines.join("\n"));
    const r = await spawnMech(["view", join(dir, "replay")]).done;
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/replay\/records\.jsonl:1: /);
  }, 120_000);
});
