/// <reference lib="dom" />
// The run viewer as a browser shows it (`mech view`), opened from disk in headless Chromium:
// MechReasoner runs (the gold replayed, the majority baseline, a sloppy model, and a run cut
// off mid-record) and PhysMent transcripts (two models, two budgets, a failed call, a torn
// transcript). The lists must filter and sort; an item must show its prompt, the responses
// side by side, the normalized answers and the gold; an episode every tool call of its
// transcript in order with its result; deep links and keys must move between entries; at
// 700 px nothing may scroll sideways; a run of 1,320 items × 9 models and one of 105 scenes ×
// 4 budgets × 3 models must open in under 3 s (the list drawn, and the whole file read).
// (Chromium: browser.test_support.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { browserPath, browserRequired, launchBrowser } from "./browser.test_support.ts";
import { fileIo } from "./cli.test_support.ts";
import { viewCommand } from "./view_commands.ts";
import { writeSmallBenchmark } from "../engine/eval/eval.test_support.ts";
import { planRun } from "../engine/eval/plan.ts";
import { openRun } from "../engine/eval/run_store.ts";
import { runEval } from "../engine/eval/runner.ts";
import { BaselineClient } from "../engine/eval/baseline_client.ts";
import type { ModelClient } from "../engine/llm/model.ts";
import type { EvalItem } from "../engine/eval/items.ts";
import { readTaskSet } from "../engine/tasks/store.ts";
import { parseTranscript } from "../engine/physment/agent/transcript.ts";
import { syntheticTranscript } from "../engine/physment/report/view.test_support.ts";
import { largeEvalViewData } from "../engine/eval/view.test_support.ts";
import { largePhysmentViewData } from "../engine/physment/report/view_large.test_support.ts";
import { viewerPage } from "../engine/report/viewer.ts";

let dir = "";
let browser: Browser | undefined;
let items: EvalItem[] = [];
const MODELS = ["baseline:replay", "baseline:majority", "sloppy", "cut-off"];
const PM_MODELS = ["alpha", "beta"];

beforeAll(async () => {
  if (!browserPath) return;
  dir = mkdtempSync(join(tmpdir(), "mechbench-view-"));
  const small = writeSmallBenchmark();
  items = small.items;
  const set = readTaskSet(small.dir);
  const answering = (model: string, good: (k: number) => boolean): ModelClient => ({
    model,
    chat: (m) => {
      const k = items.findIndex((i) => i.prompt === m.at(-1)!.content);
      return Promise.resolve({ content: good(k) ? `Reasoning first.\n${JSON.stringify({ answer: items[k].gold })}` : "no idea", toolCalls: [], usage: null, finishReason: "stop" });
    },
  });
  const clients = [new BaselineClient("replay", items), new BaselineClient("majority", items), answering("sloppy", (k) => k % 2 === 0), answering("cut-off", () => true)];
  for (const client of clients) {
    const plan = planRun({ set, selection: { families: null, mechanisms: null, limit: null }, model: client.model, baseUrl: "http://test.invalid/v1", apiKeyEnv: null, settings: { max_output_tokens: 100, temperature: 0, reasoning_effort: null, json_object: false } });
    const run = await openRun(join(dir, "eval", client.model.replace(":", "-")), plan.config);
    await runEval({ items, client, endpoint: plan.config.endpoint, controls: plan.config.request, cache: null, existing: [], append: run.append, concurrency: 1 });
    run.close();
  }
  // the last run was stopped while writing its last record: the line is cut off
  const records = join(dir, "eval", "cut-off", "records.jsonl");
  const text = readFileSync(records, "utf8");
  writeFileSync(records, text.slice(0, text.lastIndexOf("\n", text.length - 2) + 40));
  const io = fileIo();
  expect(await viewCommand({ runs: MODELS.map((m) => join(dir, "eval", m.replace(":", "-"))), out: join(dir, "eval.html") }, io)).toBe(0);

  const pm = join(dir, "pm");
  mkdirSync(pm);
  for (const scene of [7, 8, 26, 51]) {
    for (const [m, model] of PM_MODELS.entries()) {
      for (const budget of [5, 20]) {
        const t = syntheticTranscript({ scene, model, budget, iterations: 3 + m + (scene % 3), calls: 2, answer: m === 0 ? 1 : null });
        writeFileSync(join(pm, `${t.key}.jsonl`), t.text);
      }
    }
  }
  // a failed call in one transcript, and a transcript cut off mid-record
  const failed = syntheticTranscript({ scene: 8, model: "gamma", budget: 20, iterations: 3, calls: 2, answer: 2 });
  const lines = failed.text.split("\n");
  const k = lines.findIndex((l) => l.includes('"type":"tool_call"'));
  lines[k] = lines[k].replace('"error":false', '"error":true').replace(/"result":\{[^}]*\}/, '"result":{"error":"object_9 does not exist"}');
  writeFileSync(join(pm, `${failed.key}.jsonl`), lines.join("\n"));
  const torn = syntheticTranscript({ scene: 26, model: "gamma", budget: 20, iterations: 4, calls: 2, answer: 2 });
  writeFileSync(join(pm, `${torn.key}.jsonl`), torn.text.slice(0, torn.text.indexOf('"type":"tool_call"', torn.text.indexOf('"iteration":3')) + 30));
  expect(await viewCommand({ runs: [pm], out: join(dir, "pm.html") }, io)).toBe(0);

  // pages at the sizes the issue names
  writeFileSync(join(dir, "large_eval.html"), viewerPage(largeEvalViewData(1320, 9)));
  writeFileSync(join(dir, "large_pm.html"), viewerPage(largePhysmentViewData([5, 10, 20, 40], 3)));
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A page opened on a file (and a hash) once its script has drawn it; every request and script error logged. */
async function open(file: string, hash = "", viewport = { width: 1200, height: 900 }) {
  const page = await browser!.newPage({ viewport });
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  page.on("pageerror", (e) => problems.push(e.message));
  // the page's own clock (from the start of navigation): when the list is drawn, and when the whole file is read
  await page.addInitScript(() => {
    const w = globalThis as unknown as { readyAt?: number };
    new MutationObserver(() => {
      if (w.readyAt === undefined && document.body?.dataset.ready) w.readyAt = performance.now();
    }).observe(document, { attributes: true, subtree: true, childList: true });
  });
  const url = pathToFileURL(join(dir, file)).href;
  await page.goto(url + hash, { waitUntil: "load" });
  await page.waitForSelector("body[data-ready]", { timeout: 30_000 });
  const timing = await page.evaluate(() => ({ ready: (globalThis as unknown as { readyAt: number }).readyAt, load: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd }));
  return { page, url, requests, problems, timing };
}

/** The list's visible rows, as cell texts. */
const listRows = (page: Page) => page.$$eval("#list-view tbody tr", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")));
const column = (page: Page, label: string) => page.$$eval("#list-view thead th", (ths, label) => ths.findIndex((th) => th.textContent?.replace(/[▲▼]/g, "").trim() === label), label);
/** Picks a value in the filter of a column. */
const filter = (page: Page, label: string, value: string) => page.selectOption(`#list-view .filters label:has-text("${label}") select`, value);
/** The open entry, once drawn. */
async function entry(page: Page) {
  await page.waitForSelector("#detail-view .content:not([aria-busy])");
  return page.evaluate(() => ({
    title: document.querySelector("#detail-view h2")?.textContent ?? "",
    hash: location.hash,
    headings: [...document.querySelectorAll("#detail-view h3, #detail-view summary")].map((h) => h.textContent ?? ""),
    panes: [...document.querySelectorAll("#detail-view .pane")].map((p) => ({ model: (p.querySelector("select") as HTMLSelectElement).selectedOptions[0].textContent, text: p.textContent ?? "", left: p.getBoundingClientRect().left })),
  }));
}
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= globalThis.innerWidth);

describe.skipIf(!browserPath && !browserRequired)("the run viewer in headless Chromium", () => {
  it("finds a browser", () => {
    expect(browserPath, "no Chromium: set CHROMIUM_BIN or put chromium on PATH").toBeDefined();
  });

  it("lists every item of every run, filters by each column and by text, and sorts", async () => {
    const { page, url, requests, problems } = await open("eval.html");
    expect(await page.textContent("#list-view .count")).toBe(`${items.length * 4} of ${items.length * 4} rows`);
    // the cut-off record is said at the top, and its item shows as not recorded
    expect(await page.textContent(".problems")).toMatch(/cut-off\/records\.jsonl: its last line was cut off/);
    const family = await column(page, "family"), model = await column(page, "model"), outcome = await column(page, "outcome"), partial = await column(page, "partial");
    expect((await listRows(page)).filter((r) => r[model] === "cut-off" && r[outcome] === "no record")).toHaveLength(1);

    await filter(page, "family", items[0].family);
    const fam = await listRows(page);
    expect(fam.length).toBe(4 * items.filter((i) => i.family === items[0].family).length);
    expect(fam.every((r) => r[family] === items[0].family)).toBe(true);
    await filter(page, "model", "sloppy");
    await filter(page, "outcome", "protocol");
    const sloppy = await listRows(page);
    expect(sloppy.length).toBeGreaterThan(0);
    expect(sloppy.every((r) => r[family] === items[0].family && r[model] === "sloppy" && r[outcome] === "protocol")).toBe(true);
    await filter(page, "family", "");
    await filter(page, "model", "");
    await filter(page, "outcome", "");

    // sort by the partial score, then the other way; rows without one stay last
    await page.click('#list-view thead button:text-is("partial")');
    const up = (await listRows(page)).map((r) => r[partial]).filter((v) => v !== "—").map(Number);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    await page.click('#list-view thead button:text-is("partial")');
    const down = (await listRows(page)).map((r) => r[partial]).filter((v) => v !== "—").map(Number);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect(await page.getAttribute(`#list-view thead th:nth-child(${partial + 1})`, "aria-sort")).toBe("descending");

    // text: a line that only one item's prompt holds finds that item's four rows
    const k = items.findIndex((it) => it.prompt.split("\n").some((l) => l.length > 30 && items.filter((o) => o.prompt.includes(l)).length === 1));
    const line = items[k].prompt.split("\n").find((l) => l.length > 30 && items.filter((o) => o.prompt.includes(l)).length === 1)!;
    await page.fill("#list-view input[type=search]", line.toUpperCase());
    await page.waitForFunction((n) => document.querySelectorAll("#list-view tbody tr").length === n, 4);
    expect(new Set((await listRows(page)).map((r) => r[0]))).toEqual(new Set([items[k].task_id]));
    expect(requests).toEqual([url]);
    expect(problems).toEqual([]);
  });

  it("shows an item's prompt, two responses side by side with their normalized answers, the gold and the evidence", async () => {
    const { page } = await open("eval.html");
    const sloppyWrong = items.findIndex((_, k) => k % 2 === 1);
    await page.click(`#list-view tbody tr:has(a[href="#${items[sloppyWrong].task_id}"]) td:nth-child(2)`);
    const e = await entry(page);
    expect(e.title).toBe(`${items[sloppyWrong].task_id}: ${items[sloppyWrong].family}, ${items[sloppyWrong].mechanism}`);
    expect(e.headings.some((h) => h.startsWith("prompt (user message)"))).toBe(true);
    for (const h of ["response", "extracted answer", "normalized answer", "gold answer"]) expect(e.headings, h).toContain(h);
    expect(e.headings.some((h) => h.startsWith("evidence"))).toBe(true);
    // the row's model on the left, the next beside it
    expect(e.panes.map((p) => p.model)).toEqual(["baseline:replay", "baseline:majority"]);
    expect(e.panes[1].left).toBeGreaterThan(e.panes[0].left + 200);
    expect(e.panes[0].text).toContain(JSON.stringify({ answer: items[sloppyWrong].gold }));
    // the right pane switched to the sloppy model: its wrong answer and why it was rejected
    await page.selectOption("#detail-view .pane:nth-child(2) select", { label: "sloppy" });
    const right = await page.textContent("#detail-view .pane:nth-child(2)");
    expect(right).toContain("no idea");
    expect(right).toContain("(rejected: no JSON object in the response)");
    expect(right).toContain("protocol");
    // the prompt opens to the text as sent
    await page.click('#detail-view summary:has-text("prompt (user message)")');
    expect(await page.textContent("#detail-view details[open] pre")).toBe(items[sloppyWrong].prompt);
    const gold = await page.$$eval("#detail-view section.block", (ss) => ss.find((s) => s.querySelector("h3")?.textContent === "gold answer")?.querySelector("pre")?.textContent);
    expect(JSON.parse(gold!)).toEqual(items[sloppyWrong].gold);
  });

  it("opens an item from a deep link, with the named model on the left; an unknown link says so", async () => {
    const it2 = items[2];
    const { page } = await open("eval.html", `#${it2.task_id}/sloppy`);
    const e = await entry(page);
    expect(e.title.startsWith(it2.task_id)).toBe(true);
    expect(e.panes[0].model).toBe("sloppy");
    const plain = await open("eval.html", `#${it2.task_id}`);
    expect((await entry(plain.page)).panes[0].model).toBe("baseline:replay");
    const unknown = await open("eval.html", "#task_ffffffffffffffff");
    expect(await unknown.page.isVisible("#list-view")).toBe(true);
    expect(await unknown.page.textContent("#status")).toBe("No entry task_ffffffffffffffff in these runs.");
  });

  it("moves by keys: j/k in the list, Enter to open, n/p to the next and previous row, Escape back", async () => {
    const { page } = await open("eval.html");
    const rows = await listRows(page);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("k");
    await page.keyboard.press("Enter");
    expect((await entry(page)).title.startsWith(rows[1][0])).toBe(true);
    await page.keyboard.press("n");
    expect((await entry(page)).title.startsWith(rows[2][0])).toBe(true);
    expect(await page.textContent("#detail-view .nav .count")).toBe(`row 3 of ${rows.length}`);
    await page.keyboard.press("p");
    await page.keyboard.press("p");
    expect(await page.textContent("#detail-view .nav .count")).toBe(`row 1 of ${rows.length}`);
    await page.keyboard.press("Escape");
    await page.waitForSelector("#list-view:not([hidden])");
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.pos)).toBe("0");
  });

  it("lists episodes with their scores, filters and sorts them, and marks the torn transcript", async () => {
    const { page, url, requests, problems } = await open("pm.html");
    const all = await listRows(page);
    expect(all).toHaveLength(4 * 2 * 2 + 2);
    const scene = await column(page, "scene"), model = await column(page, "model"), correct = await column(page, "correct"), mode = await column(page, "failure mode");
    const torn = all.filter((r) => r[0].startsWith("⚠"));
    expect(torn).toHaveLength(1);
    expect(torn[0][model]).toBe("gamma (zero-shot/function)");
    expect(all.filter((r) => r[model].startsWith("beta")).every((r) => r[correct] === "no" && r[mode].includes("exhausted"))).toBe(true);
    await filter(page, "model", "alpha (zero-shot/function)");
    await filter(page, "budget", "20");
    const alpha = await listRows(page);
    expect(alpha).toHaveLength(4);
    expect(alpha.every((r) => r[model] === "alpha (zero-shot/function)")).toBe(true);
    await page.click('#list-view thead button:text-is("scene")');
    await page.click('#list-view thead button:text-is("scene")');
    expect((await listRows(page)).map((r) => Number(r[scene].replace("⚠ ", "")))).toEqual([51, 26, 8, 7]);
    expect(requests).toEqual([url]);
    expect(problems).toEqual([]);
  });

  it("shows an episode as a timeline: every tool call of its transcript in order with its result, a failed call marked, the end and the grade", async () => {
    const file = readFileSync(join(dir, "pm", "8__gamma__b20__zero-shot__function.jsonl"), "utf8");
    const calls = parseTranscript(file).records.flatMap((r) => (r.type === "tool_call" ? [r] : []));
    const { page } = await open("pm.html", "#ep_8__gamma__b20__zero-shot__function");
    await entry(page);
    const shown = await page.$$eval("#detail-view section.step", (ss) =>
      ss.filter((s) => s.querySelector(":scope > h4")?.textContent?.startsWith("call ")).map((s) => ({
        label: s.querySelector(":scope > h4")!.textContent,
        bad: s.classList.contains("tone-bad"),
        result: [...s.querySelectorAll(":scope > section.block")].find((b) => b.querySelector("h3")?.textContent === "result")?.querySelector("pre")?.textContent,
      }))
    );
    expect(shown.map((s) => s.label)).toEqual(calls.map((c) => `call ${c.index + 1}: ${c.tool}${c.error ? " (failed)" : ""}`));
    expect(shown.map((s) => JSON.parse(s.result!))).toEqual(calls.map((c) => c.result));
    expect(shown.map((s) => s.bad)).toEqual(calls.map((c) => c.error));
    const steps = await page.$$eval("#detail-view section.step > h4", (hs) => hs.map((h) => h.textContent ?? ""));
    expect(steps.filter((s) => s.startsWith("Iteration"))).toEqual(["Iteration 1", "Iteration 2", "Iteration 3"]);
    expect(steps.slice(-2)).toEqual(["Ended: answered in iteration 3", "Graded: wrong"]);
    expect(await page.textContent("#detail-view")).toMatch(/part 1answer 2 · truth [\d.]+ ± [\d.]+ \(ε_abs 0\.001 \+ 5 % of \|truth\|\) = \[[\d.]+, [\d.]+\] → wrong/);

    const cut = await open("pm.html", "#ep_26__gamma__b20__zero-shot__function");
    await entry(cut.page);
    expect(await cut.page.textContent("#detail-view p.mark")).toMatch(/^⚠ unfinished \(line \d+\): /);
    expect(await cut.page.textContent("#detail-view")).toContain("Not scored");
  });

  it("fits 700 px without scrolling sideways: both lists, an item with two panes, an episode", async () => {
    for (const [file, hash] of [["eval.html", ""], ["eval.html", `#${items[0].task_id}`], ["pm.html", ""], ["pm.html", "#ep_8__gamma__b20__zero-shot__function"]]) {
      const { page } = await open(file, hash, { width: 700, height: 900 });
      if (hash) await entry(page);
      expect(await noSideScroll(page), `${file}${hash}`).toBe(true);
    }
  });

  it("opens a 1,320-item × 9-model run and a 105-scene × 4-budget × 3-model run in under 3 s", async () => {
    for (const [file, rows] of [["large_eval.html", 1320 * 9], ["large_pm.html", 105 * 4 * 3]] as const) {
      // the first opening also warms the browser's caches of the page's code; the next three
      // are timed and the best of them kept (other work on a shared machine only adds time)
      await (await open(file)).page.close();
      const timings: { ready: number; load: number }[] = [];
      for (let k = 0; k < 2; k++) {
        const o = await open(file);
        timings.push(o.timing);
        await o.page.close();
      }
      const { page, timing: final, problems } = await open(file);
      timings.push(final);
      const ready = Math.min(...timings.map((t) => t.ready)), load = Math.min(...timings.map((t) => t.load));
      console.log(`${file}: ${(readFileSync(join(dir, file)).length / 1e6).toFixed(1)} MB, list drawn ${Math.round(ready)} ms and the file read ${Math.round(load)} ms after the navigation started (best of three; each ${timings.map((t) => `${Math.round(t.ready)}/${Math.round(t.load)}`).join(", ")})`);
      expect(await page.textContent("#list-view .count")).toBe(`${rows.toLocaleString("en-US")} of ${rows.toLocaleString("en-US")} rows (first 200 shown)`);
      expect(ready).toBeLessThan(3000);
      expect(load).toBeLessThan(3000);
      // an entry of the last group opens at once too
      const last = await page.$$eval("#list-view tbody tr a", (as) => as.at(-1)!.getAttribute("href")!);
      const started = Date.now();
      await page.evaluate((h) => (location.hash = h), last);
      await entry(page);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(problems).toEqual([]);
    }
  });

  it("never shows a blank page: damaged data and empty runs say so", async () => {
    const good = readFileSync(join(dir, "pm.html"), "utf8");
    writeFileSync(join(dir, "damaged.html"), good.replace(/(id="viewer-data"[^>]*>)([^<]{40})/, "$1AAAA$2"));
    const page = await browser!.newPage();
    await page.goto(pathToFileURL(join(dir, "damaged.html")).href, { waitUntil: "load" });
    await page.waitForFunction(() => document.getElementById("status")!.className === "mark");
    expect(await page.textContent("#status")).toMatch(/^The viewer could not draw this page: /);
    writeFileSync(join(dir, "empty.html"), viewerPage({ title: "PhysMent runs", note: "0 episodes", problems: ["run/x.jsonl: unreadable"], columns: [{ label: "scene" }], rows: [], entries: [] }));
    const empty = await open("empty.html");
    expect(await empty.page.textContent("#list-view")).toContain("These runs have no entries to show.");
    expect(await empty.page.textContent(".problems li")).toBe("run/x.jsonl: unreadable");
  });
});
