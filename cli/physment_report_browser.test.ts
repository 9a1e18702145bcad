/// <reference lib="dom" />
// The report as a browser shows it: a run directory (the reference agent and a guesser on
// one scene of every category, two budgets) becomes report.html, which headless Chromium
// opens from disk. Every chart must be laid out with its marks, drawn (pixels that are not
// background), and the page must ask for nothing beyond itself.
//
// Chromium: see browser.test_support.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { browserPath, browserRequired, launchBrowser } from "./browser.test_support.ts";
import { fileIo } from "./test_support.ts";
import { physmentReportCommand, physmentRunCommand } from "./physment_commands.ts";
import { runBenchmark } from "../engine/physment/agent/runner.ts";
import { scriptedAgent } from "../engine/physment/agent/scripted_client.ts";
import { FileTranscriptStore } from "../engine/physment/agent/transcript.ts";
import { sceneSetup } from "../engine/physment/setup.ts";
import { CATEGORIES } from "../engine/physment/score/categories.ts";
import { BUCKETS } from "../engine/physment/report/mod.ts";
import { builtinScene } from "../scenes/mod.ts";

const required = browserRequired;

// One scene per category: the first of each (13 scenes).
const SCENES = CATEGORIES.map((c) => c.first);
const BUDGETS = [5, 20];

let dir = "";
let browser: Browser | undefined;
beforeAll(async () => {
  if (!browserPath) return;
  dir = mkdtempSync(join(tmpdir(), "mechbench-report-"));
  const io = fileIo();
  const list = (d: string) => readdirSync(d);
  const run = { reference: true, apiKeyEnv: "OPENAI_API_KEY", scenes: SCENES.join(","), budgets: BUDGETS.join(","), strategy: "zero-shot" as const, protocol: "tools" as const, out: dir, concurrency: 2 };
  expect(await physmentRunCommand(run, io, () => undefined, list)).toBe(0);
  // A second model that answers 0 at once: wrong nearly everywhere, premature everywhere.
  const guesser = await runBenchmark({
    scenes: SCENES.map(String),
    models: [{ name: "guesser", client: () => scriptedAgent([{ reasoning: "a guess", calls: [{ tool: "answer", parameters: { answer: 0 } }] }], "function", "guesser") }],
    budgets: BUDGETS,
    factory: async (id) => sceneSetup(await builtinScene(Number(id)), id),
    store: new FileTranscriptStore(dir),
  });
  expect(guesser.failed).toBe(0);
  expect(await physmentReportCommand({ dir }, io, list)).toBe(0);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!browserPath && !required)("physment report in headless Chromium", () => {
  it("finds a browser", () => {
    expect(browserPath, "no Chromium: set CHROMIUM_BIN or put chromium on PATH").toBeDefined();
  });

  it("lays out and draws every chart, with the tables, and loads nothing else", async () => {
    const page = await browser!.newPage({ viewport: { width: 1200, height: 900 } });
    const url = pathToFileURL(join(dir, "report.html")).href;
    const requests: string[] = [];
    const problems: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(url, { waitUntil: "load" });

    const charts = await page.evaluate(() =>
      [...document.querySelectorAll("section.chart")].map((s) => {
        const svg = s.querySelector("svg")!;
        const box = svg.getBoundingClientRect();
        const visible = (sel: string) =>
          [...svg.querySelectorAll(sel)].filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 || r.height > 0;
          });
        return {
          id: s.id,
          title: s.querySelector("h2")?.textContent,
          width: box.width,
          height: box.height,
          bars: visible(".mark-rect.role-mark path").length,
          fills: [...new Set([...svg.querySelectorAll(".mark-rect.role-mark path")].map((p) => (p.getAttribute("fill") ?? "").toLowerCase()))],
          lines: visible(".mark-line.role-mark path").length,
          points: visible(".mark-symbol.role-mark path").length,
          labels: [...svg.querySelectorAll("text")].map((t) => t.textContent ?? ""),
        };
      })
    );
    expect(charts.map((c) => c.id)).toEqual(["chart-overall", "chart-heatmap", "chart-budget"]);
    for (const c of charts) {
      expect(c.width, c.id).toBeGreaterThan(100);
      expect(c.height, c.id).toBeGreaterThan(100);
    }
    const [overall, heatmap, budget] = charts;
    // two models × two budgets: a bar for each with some accuracy (the reference always has some)
    expect(overall.bars).toBeGreaterThanOrEqual(BUDGETS.length);
    expect(overall.bars).toBeLessThanOrEqual(2 * BUDGETS.length);
    expect(overall.labels).toEqual(expect.arrayContaining(["reference (zero-shot/function)", "guesser (zero-shot/function)"]));
    // 13 categories × 2 models, coloured by Figure 2's buckets (reference ≥80 %, guesser <20 %)
    expect(heatmap.bars).toBe(2 * SCENES.length);
    expect(heatmap.fills).toEqual(expect.arrayContaining([BUCKETS[0][1].toLowerCase(), BUCKETS[BUCKETS.length - 1][1].toLowerCase()]));
    for (const c of CATEGORIES) expect(heatmap.labels).toContain(c.name);
    // one panel per category group, a line per model in each
    expect(budget.lines).toBe(2 * 5);
    expect(budget.points).toBe(2 * 5 * BUDGETS.length);

    // nothing wider than the window: the page never scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const tables = await page.evaluate(() => [...document.querySelectorAll("table")].map((t) => t.rows.length));
    expect(tables.length).toBeGreaterThanOrEqual(4);
    for (const rows of tables) expect(rows).toBeGreaterThan(1);

    // drawn, not only laid out: each chart's pixels are not all background
    for (const c of charts) {
      const png = await page.locator(`#${c.id} svg`).screenshot({ type: "png" });
      const inked = await page.evaluate(async (b64) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const cv = document.createElement("canvas");
        cv.width = img.width;
        cv.height = img.height;
        const ctx = cv.getContext("2d")!;
        ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(0, 0, img.width, img.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
        return n / (d.length / 4);
      }, Buffer.from(png).toString("base64"));
      expect(inked, c.id).toBeGreaterThan(0.01);
    }

    expect(requests).toEqual([url]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
