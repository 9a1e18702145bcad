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
import type { Browser, Page } from "playwright-core";
import { browserPath, browserRequired, launchBrowser } from "./browser.test_support.ts";
import { fileIo } from "./cli.test_support.ts";
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
  // Two more models that answer at once (0, and 1): wrong nearly everywhere, premature
  // everywhere. Three models reach past the first two colours of a palette.
  const guess = (name: string, answer: number) => ({ name, client: () => scriptedAgent([{ reasoning: "a guess", calls: [{ tool: "answer", parameters: { answer } }] }], "function", name) });
  const guesser = await runBenchmark({
    scenes: SCENES.map(String),
    models: [guess("guesser", 0), guess("guesser-one", 1)],
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

const MODELS = ["reference", "guesser", "guesser-one"].map((m) => `${m} (zero-shot/function)`);

/** An sRGB colour, "#rrggbb" or a computed "rgb(r, g, b)", as [r, g, b] in 0–255. */
function rgb(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (hex) return [1, 2, 3].map((k) => parseInt(hex[k], 16)) as [number, number, number];
  const fn = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour.trim());
  if (fn) return [1, 2, 3].map((k) => Number(fn[k])) as [number, number, number];
  throw new Error(`not a colour: ${colour}`);
}
const linear = (c: number) => (c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
/** WCAG 2 relative luminance and contrast ratio. */
const luminance = (c: string) => {
  const [r, g, b] = rgb(c).map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [lo, hi] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return (hi + 0.05) / (lo + 0.05);
};
/** CIE 1976 colour difference in CIELAB (D65). */
function deltaE(a: string, b: string): number {
  const lab = (c: string) => {
    const [r, g, bl] = rgb(c).map(linear);
    const xyz = [(0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * bl, (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883];
    const [fx, fy, fz] = xyz.map((t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116));
    return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
  };
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** Each chart section as laid out: its SVGs (a chart may be several panels) and their marks. */
function readCharts(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("section.chart")].map((s) => {
      const svgs = [...s.querySelectorAll("svg")];
      const visible = (sel: string) =>
        [...s.querySelectorAll(`svg ${sel}`)].filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 || r.height > 0;
        });
      return {
        id: s.id,
        title: s.querySelector("h2")?.textContent,
        text: s.textContent ?? "",
        boxes: svgs.map((svg) => {
          const box = svg.getBoundingClientRect();
          return { width: box.width, height: box.height };
        }),
        bars: visible(".mark-rect.role-mark path").length,
        fills: [...new Set([...s.querySelectorAll("svg .mark-rect.role-mark path")].map((p) => (p.getAttribute("fill") ?? "").toLowerCase()))],
        lines: visible(".mark-line.role-mark path").length,
        strokes: [...new Set([...s.querySelectorAll("svg .mark-line.role-mark path")].map((p) => (p.getAttribute("stroke") ?? "").toLowerCase()))],
        points: visible(".mark-symbol.role-mark path").length,
        labels: [...s.querySelectorAll("svg text")].map((t) => t.textContent ?? ""),
        // a panel's plot area: its grid (x and y grid both span it)
        plots: [...s.querySelectorAll("svg .mark-rule.role-axis-grid")].map((g) => g.getBoundingClientRect().width),
      };
    })
  );
}

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

    const charts = await readCharts(page);
    expect(charts.map((c) => c.id)).toEqual(["chart-overall", "chart-heatmap", "chart-budget"]);
    for (const c of charts) {
      expect(c.boxes.length, c.id).toBeGreaterThan(0);
      for (const b of c.boxes) {
        expect(b.width, c.id).toBeGreaterThan(100);
        expect(b.height, c.id).toBeGreaterThan(100);
      }
    }
    const [overall, heatmap, budget] = charts;
    // three models × two budgets: a bar for each with some accuracy (the reference always has some)
    expect(overall.bars).toBeGreaterThanOrEqual(BUDGETS.length);
    expect(overall.bars).toBeLessThanOrEqual(MODELS.length * BUDGETS.length);
    expect(overall.labels).toEqual(expect.arrayContaining(MODELS));
    // 13 categories × 3 models, coloured by Figure 2's buckets (reference ≥80 %, guessers <20 %)
    expect(heatmap.bars).toBe(MODELS.length * SCENES.length);
    expect(heatmap.fills).toEqual(expect.arrayContaining([BUCKETS[0][1].toLowerCase(), BUCKETS[BUCKETS.length - 1][1].toLowerCase()]));
    for (const c of CATEGORIES) expect(heatmap.labels).toContain(c.name);
    for (const [, , label] of BUCKETS) expect(heatmap.labels).toContain(label); // the legend
    // one panel per category group, a line per model in each, and every model named
    expect(budget.lines).toBe(MODELS.length * 5);
    expect(budget.points).toBe(MODELS.length * 5 * BUDGETS.length);
    for (const m of MODELS) expect(budget.text).toContain(m);

    // nothing wider than the window: the page never scrolls sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

    const tables = await page.evaluate(() => [...document.querySelectorAll("table")].map((t) => t.rows.length));
    expect(tables.length).toBeGreaterThanOrEqual(4);
    for (const rows of tables) expect(rows).toBeGreaterThan(1);

    // drawn, not only laid out: each SVG's pixels are not all background
    for (const c of charts) {
      for (let k = 0; k < c.boxes.length; k++) {
        const png = await page.locator(`#${c.id} svg`).nth(k).screenshot({ type: "png" });
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
        expect(inked, `${c.id} svg ${k}`).toBeGreaterThan(0.01);
      }
    }

    expect(requests).toEqual([url]);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it("fits a 700 px window, with group panels at a readable width, model colours apart from the buckets and legible cell text", async () => {
    // soft: every layout problem is reported, not only the first
    const url = pathToFileURL(join(dir, "report.html")).href;
    for (const width of [700, 1200]) {
      const page = await browser!.newPage({ viewport: { width, height: 900 } });
      await page.goto(url, { waitUntil: "load" });
      const fits = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      expect.soft(fits[0], `scrollWidth at ${width} px (clientWidth ${fits[1]})`).toBeLessThanOrEqual(fits[1]);

      const [overall, , budget] = await readCharts(page);
      // five panels, each plot area (x and y grid) wide enough to read a line
      expect.soft(budget.plots.length, `grids at ${width} px`).toBe(2 * 5);
      for (const w of budget.plots) expect.soft(w, `panel plot width at ${width} px`).toBeGreaterThanOrEqual(160);

      // one colour per model, the same in both charts, none close to a bucket colour
      expect(overall.fills.length).toBe(MODELS.length);
      expect.soft(new Set(budget.strokes)).toEqual(new Set(overall.fills));
      for (const c of overall.fills) {
        for (const [, bucket, label] of BUCKETS) expect.soft(deltaE(c, bucket), `model colour ${c} vs bucket ${label} (${bucket})`).toBeGreaterThanOrEqual(40);
      }

      // every heatmap value readable on its cell: WCAG contrast ≥ 4.5
      const cells = await page.evaluate(() => {
        const svg = document.querySelector("#chart-heatmap svg")!;
        const rects = [...svg.querySelectorAll(".mark-rect.role-mark path")].map((p) => ({ box: p.getBoundingClientRect(), fill: p.getAttribute("fill") ?? "" }));
        return [...svg.querySelectorAll(".mark-text.role-mark text")].map((t) => {
          const b = t.getBoundingClientRect();
          const [x, y] = [b.x + b.width / 2, b.y + b.height / 2];
          const under = rects.filter((r) => r.box.left <= x && x <= r.box.right && r.box.top <= y && y <= r.box.bottom);
          return { text: t.textContent ?? "", colour: getComputedStyle(t).fill, cell: under.length === 1 ? under[0].fill : `${under.length} cells` };
        });
      });
      expect(cells.length).toBe(MODELS.length * SCENES.length);
      for (const c of cells) expect.soft(contrast(c.colour, c.cell), `"${c.text}" in ${c.colour} on ${c.cell}`).toBeGreaterThanOrEqual(4.5);
      await page.close();
    }
  }, 120_000);
});
