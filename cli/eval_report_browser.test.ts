/// <reference lib="dom" />
// The MechReasoner report as a browser shows it: three runs on a small benchmark (the gold
// replayed, the majority baseline, a model that fails every other item by protocol) become
// report.html, which headless Chromium opens from disk. Figure 2 must be laid out with a
// line, points and error bars per model and family; every table and the failure drill-down
// must be there; the page must ask for nothing beyond itself. (Chromium: browser.test_support.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { browserPath, browserRequired, chartShape, launchBrowser, openFile } from "./browser.test_support.ts";
import { fileIo } from "./cli.test_support.ts";
import { evalReportCommand } from "./eval_commands.ts";
import { writeSmallBenchmark } from "../engine/eval/eval.test_support.ts";
import { planRun } from "../engine/eval/plan.ts";
import { openRun } from "../engine/eval/run_store.ts";
import { runEval } from "../engine/eval/runner.ts";
import { BaselineClient } from "../engine/eval/baseline_client.ts";
import type { ModelClient } from "../engine/llm/model.ts";
import { readTaskSet } from "../engine/tasks/store.ts";

let dir = "";
let browser: Browser | undefined;
let families = 0;
beforeAll(async () => {
  if (!browserPath) return;
  dir = mkdtempSync(join(tmpdir(), "mechbench-eval-report-"));
  const { dir: tasks, items } = writeSmallBenchmark();
  families = new Set(items.map((i) => i.family)).size;
  const set = readTaskSet(tasks);
  const sloppy: ModelClient = {
    model: "sloppy",
    chat: (m) => {
      const k = items.findIndex((i) => i.prompt === m.at(-1)!.content);
      return Promise.resolve({ content: k % 2 ? "no idea" : JSON.stringify({ answer: items[k].gold }), toolCalls: [], usage: null, finishReason: "stop" });
    },
  };
  for (const client of [new BaselineClient("replay", items), new BaselineClient("majority", items), sloppy]) {
    const plan = planRun({ set, selection: { families: null, mechanisms: null, limit: null }, model: client.model, baseUrl: "http://test.invalid/v1", apiKeyEnv: null, settings: { max_output_tokens: 100, temperature: 0, reasoning_effort: null, json_object: false } });
    const run = await openRun(join(dir, client.model.replace(":", "-")), plan.config);
    await runEval({ items, client, endpoint: plan.config.endpoint, controls: plan.config.request, cache: null, existing: [], append: run.append, concurrency: 4 });
    run.close();
  }
  const io = fileIo();
  expect(await evalReportCommand({ runs: ["baseline-replay", "baseline-majority", "sloppy"].map((d) => join(dir, d)), out: join(dir, "report.html"), maxDetails: 5, replicates: 1_000 }, io)).toBe(0);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!browserPath && !browserRequired)("MechReasoner report in headless Chromium", () => {
  it("finds a browser", () => {
    expect(browserPath, "no Chromium: set CHROMIUM_BIN or put chromium on PATH").toBeDefined();
  });

  it("lays out Figure 2 with lines, points and error bars, shows every table and the drill-down, and loads nothing else", async () => {
    const { page, url, requests, problems } = await openFile(browser!, join(dir, "report.html"));
    const chart = await chartShape(page, "complexity");
    expect(chart.width).toBeGreaterThan(300);
    expect(chart.height).toBeGreaterThan(200);
    // a line per model (the derived majority row, replay, the majority run, sloppy) in every family panel
    expect(chart.lines).toBe(4 * families);
    expect(chart.points).toBeGreaterThanOrEqual(4 * families);
    expect(chart.rules).toBeGreaterThanOrEqual(chart.points);
    expect(chart.labels).toEqual(expect.arrayContaining(["baseline:replay", "sloppy", "majority/constant"]));
    expect(chart.labels.some((l) => /^B1 \(n=\d+\)$/.test(l))).toBe(true);

    const titles = await page.evaluate(() => [...document.querySelectorAll("h2")].map((h) => h.textContent ?? ""));
    for (const part of ["(Table 5)", "(Table 6)", "(Figure 2)", "(Table 4's shape)", "(Table 3)", "(Table 11)", "Failures of sloppy"]) {
      expect(titles.some((t) => t.includes(part)), part).toBe(true);
    }
    const details = await page.evaluate(() => document.querySelectorAll("details").length);
    expect(details).toBe(5 + 5); // sloppy's first five, and the majority run's first five
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(requests).toEqual([url]);
    expect(problems).toEqual([]);
  });
});
