/// <reference lib="dom" />
// The report of runs with several samples per item, as a browser shows it: three scripted
// models at K = 3 (one always right, one whose samples disagree, one right on its first
// sample only) become report.html, which headless Chromium opens from disk. Figure 2 and
// Figure 3 must be laid out (Figure 3 with both interval kinds per model and the baseline
// marked), and the repeated-inference tables, both interval kinds and the paired
// differences must be there. (Chromium: browser.test_support.ts.)
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
import type { ModelClient } from "../engine/llm/model.ts";
import { readTaskSet } from "../engine/tasks/store.ts";

const MODELS = ["steady", "coin", "first-only"];
let dir = "";
let browser: Browser | undefined;
let families = 0;
let markdown = "";
beforeAll(async () => {
  if (!browserPath) return;
  dir = mkdtempSync(join(tmpdir(), "mechbench-eval-samples-"));
  const { dir: tasks, items } = writeSmallBenchmark();
  families = new Set(items.map((i) => i.family)).size;
  const set = readTaskSet(tasks);
  const right: Record<string, (k: number, sample: number) => boolean> = {
    steady: () => true,
    coin: (k, sample) => (k + sample) % 2 === 0,
    "first-only": (k, sample) => sample === 0 && k % 3 !== 0,
  };
  for (const model of MODELS) {
    const client: ModelClient = {
      model,
      chat: (m, _tools, options) => {
        const k = items.findIndex((i) => i.prompt === m.at(-1)!.content);
        const ok = right[model](k, options?.context?.sample ?? 0);
        return Promise.resolve({ content: ok ? JSON.stringify({ answer: items[k].gold }) : "no idea", toolCalls: [], usage: null, finishReason: "stop" });
      },
    };
    const plan = planRun({ set, selection: { families: null, mechanisms: null, limit: null }, model, baseUrl: "http://test.invalid/v1", apiKeyEnv: null, settings: { max_output_tokens: 100, temperature: 1, reasoning_effort: null, json_object: false }, samples: 3 });
    const run = await openRun(join(dir, model), plan.config);
    await runEval({ items, client, endpoint: plan.config.endpoint, controls: plan.config.request, cache: null, existing: [], append: run.append, concurrency: 4, samples: 3 });
    run.close();
  }
  const io = fileIo();
  expect(await evalReportCommand({ runs: MODELS.map((m) => join(dir, m)), out: join(dir, "report.html"), maxDetails: 3, replicates: 1_000 }, io)).toBe(0);
  markdown = io.lines.join("\n");
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!browserPath && !browserRequired)("MechReasoner report of runs with three samples per item, in headless Chromium", () => {
  it("finds a browser", () => {
    expect(browserPath, "no Chromium: set CHROMIUM_BIN or put chromium on PATH").toBeDefined();
  });

  it("lays out Figure 2 and Figure 3 (both interval kinds, the baseline marked), the repeated-inference tables and the paired differences", async () => {
    const { page, url, requests, problems } = await openFile(browser!, join(dir, "report.html"));
    const chart = (id: string) => chartShape(page, id);
    const fig2 = await chart("complexity");
    expect(fig2.lines).toBe(4 * families); // the majority row and three models in every family panel
    const fig3 = await chart("overall");
    expect(fig3.width).toBeGreaterThan(300);
    expect(fig3.height).toBeGreaterThan(100);
    // a point and an interval per model and interval kind (the baseline's two-level interval is its one-level one), and the baseline's dashed line
    expect(fig3.points).toBe(2 * 4);
    expect(fig3.rules).toBe(2 * 4 + 1);
    expect(fig3.dashed).toBe(1);
    expect(fig3.labels).toEqual(expect.arrayContaining([...MODELS, "majority/constant", "one-level (mechanisms)", "two-level (mechanisms, samples)"]));
    // sorted best first: steady, then coin (half right), then first-only
    const order = fig3.labels.filter((l) => [...MODELS, "majority/constant"].includes(l));
    expect(order.slice(0, 4)).toEqual(["steady", "coin", "first-only", "majority/constant"]);

    const titles = await page.evaluate(() => [...document.querySelectorAll("h2")].map((h) => h.textContent ?? ""));
    for (const part of ["(Figure 2)", "(Figure 3)", "(Table 5)", "(Table 6)", "Repeated inference for coin: 3 samples per item", "Paired differences in overall e2e accuracy"]) {
      expect(titles.some((t) => t.includes(part)), part).toBe(true);
    }
    const headers = await page.evaluate(() => [...document.querySelectorAll("th")].map((h) => h.textContent ?? ""));
    for (const h of ["two-level CI", "two-level 95 % CI", "one-level 95 % CI", "majority-vote acc.", "pass@3", "agreement"]) expect(headers, h).toContain(h);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(requests).toEqual([url]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the numbers: steady agrees with itself, coin's two-level interval is the wider, first-only's pass@3 exceeds its mean", () => {
    const row = (title: string, family: string) => {
      const table = markdown.split("### ").find((t) => t.startsWith(title))!;
      return table.split("\n").find((l) => l.startsWith(`| ${family} |`))!.split("|").slice(1, -1).map((c) => c.trim());
    };
    // family, items, mean [one-level], two-level, majority, pass@1, pass@2, pass@3, agreement
    const steady = row("Repeated inference for steady", "all");
    expect(steady[2]).toBe("100.0 [100.0, 100.0]");
    expect(steady.at(-1)).toBe("100.0");
    const coin = row("Repeated inference for coin", "all");
    const ends = (s: string) => s.match(/\[([\d.]+), ([\d.]+)\]/)!.slice(1).map(Number);
    const [l1, u1] = ends(coin[2]), [l2, u2] = ends(coin[3]);
    expect(u2 - l2).toBeGreaterThan(u1 - l1);
    expect(Number(coin[7])).toBe(100); // every item right in at least one of its three samples
    const first = row("Repeated inference for first-only", "all");
    expect(Number(first[7])).toBeGreaterThan(Number(first[2].split(" ")[0]));
    expect(markdown).toMatch(/\| steady \| coin \| \+[\d.]+ \| \[[^\]]+\] \| \[[^\]]+\] \|/);
  });
});
