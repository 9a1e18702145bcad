import { describe, expect, it } from "vitest";
import { scoreEpisode, type EpisodeRecord, type EpisodeScore } from "../score/dimensions.ts";
import { summarize } from "../score/aggregate.ts";
import { BUCKETS, bucketOf, buildReport, contrastRatio, failureModes, groupOf, htmlReport, inkOn, MODEL_COLOURS, markdownReport } from "./mod.ts";
import { renderSvg } from "../../report/page.ts";

const call = (tool: string, error = false) => ({ tool, parameters: {}, result: error ? null : {}, error, sim_time: 0 });

/** One episode: answer `answer` (null: never) in iteration k of `budget`; `bad` rejected calls. */
function episode(model: string, scene: number, budget: number, answer: number | string | null, k: number | null, bad = 0): EpisodeRecord {
  const turns = [];
  const last = k ?? budget;
  for (let i = 1; i <= last; i++) {
    const results = [call("step")];
    if (i === 1) for (let b = 0; b < bad; b++) results.push(call("get_velocity", true));
    if (i === k) results.push(call("answer"));
    turns.push({ iteration: i, reasoning: `iteration ${i}`, results });
  }
  return { scene_id: scene, model, budget, turns, answer, answer_iteration: answer === null ? null : k, ground_truth: 2.5 };
}

// Scenes 7 (easy single physics), 27 (hard single physics), 52 (easy multi physics), 77 (hard multi physics).
const records: EpisodeRecord[] = [];
for (const budget of [5, 10]) {
  for (const scene of [7, 27, 52, 77]) records.push(episode("alpha", scene, budget, 2.5, 3));
  records.push(episode("beta", 7, budget, 2.5, 2));
  records.push(episode("beta", 27, budget, 9, 1)); // premature: wrong in 1 < budget/2
  records.push(episode("beta", 52, budget, null, null)); // budget exhausted
  records.push(episode("beta", 77, budget, "the speed is v = 2.5 m/s", 4, 1)); // format mismatch (class 4), one invalid call
}
const scores: EpisodeScore[] = records.map((r) => scoreEpisode(r));
const summaries = summarize(scores);
const data = buildReport(scores, summaries);

describe("physment report", () => {
  it("buckets accuracies like Figure 2 and groups categories like Figure 1", () => {
    expect([0, 0.19, 0.2, 0.39, 0.4, 0.59, 0.6, 0.79, 0.8, 1].map(bucketOf)).toEqual(
      ["<20 %", "<20 %", "20–39 %", "20–39 %", "40–59 %", "40–59 %", "60–79 %", "60–79 %", "≥80 %", "≥80 %"],
    );
    expect(groupOf("hard_multi_hidden")).toBe("Hard Multi");
    expect(groupOf("easy_single_physics")).toBe("Easy Single");
    expect(groupOf("create_delete_attach")).toBe("Create / Delete / Attach");
  });

  it("counts the failure modes by their rules", () => {
    const beta5 = failureModes(scores).find((f) => f.model === "beta" && f.budget === 5)!;
    expect(beta5).toEqual({ model: "beta", variant: "", budget: 5, episodes: 4, premature: 1, exhausted: 1, invalid_calls: 1, format_mismatch: 1 });
    const alpha10 = failureModes(scores).find((f) => f.model === "alpha" && f.budget === 10)!;
    expect([alpha10.premature, alpha10.exhausted, alpha10.invalid_calls, alpha10.format_mismatch]).toEqual([0, 0, 0, 0]);
  });

  it("has the expected table rows in Markdown", () => {
    const md = markdownReport(data);
    expect(md).toContain("| alpha | 100.0 | 100.0 | 100.0 |");
    expect(md).toContain("| beta | 25.0 | 25.0 | 25.0 |");
    expect(md).toContain("| Easy Single Physics | 100.0 (≥80 %) | 100.0 (≥80 %) |");
    expect(md).toContain("| Hard Single Physics | 100.0 (≥80 %) | 0.0 (<20 %) |");
    expect(md).toContain("| Easy Multi | beta | 10 | 1 | 0.0 |");
    expect(md).toContain("| beta | 5 | 4 | 1 | 1 | 1 | 1 |");
    const six = data.tables.find((t) => t.title.startsWith("Six dimensions"))!;
    expect(six.rows.map((r) => r[0])).toEqual(["alpha", "beta"]);
    expect(six.rows[0].slice(1, 4)).toEqual(["8", "100.0", "1.000"]);
  });

  it("renders every chart as an SVG with marks, deterministically", async () => {
    for (const spec of data.specs.flatMap((c) => ("spec" in c ? [c.spec] : c.panels))) {
      const svg = await renderSvg(spec);
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toMatch(/class="mark-(rect|line|symbol|text)/);
      expect(await renderSvg(spec)).toBe(svg);
    }
  });

  it("draws accuracy vs I_max as one panel per category group present, with a legend in the models' colours", () => {
    const chart = data.specs.find((c) => c.name === "budget")!;
    if (!("panels" in chart)) throw new Error("budget chart: panels expected");
    // scenes 7, 27, 52 and 77: the four physics groups, no Create / Delete / Attach
    expect(chart.panels.map((p) => (p.title as { text: string }).text)).toEqual(["Easy Single", "Hard Single", "Easy Multi", "Hard Multi"]);
    expect(chart.legend).toEqual({ title: "model", entries: [{ label: "alpha", colour: MODEL_COLOURS[0] }, { label: "beta", colour: MODEL_COLOURS[1] }] });
  });

  it("writes each heatmap value in black or white, whichever contrasts more with its bucket (WCAG ≥ 4.5 for every bucket)", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(inkOn("#ffffff")).toBe("#000000");
    expect(inkOn("#000000")).toBe("#ffffff");
    expect(BUCKETS.map((b) => inkOn(b[1]))).toEqual(["#ffffff", "#000000", "#000000", "#000000", "#ffffff"]);
    for (const [, fill] of BUCKETS) expect(contrastRatio(fill, inkOn(fill))).toBeGreaterThanOrEqual(4.5);
    const heat = data.specs.find((c) => c.name === "heatmap")!;
    const values = ("spec" in heat ? (heat.spec as { data: { values: { bucket: string; ink: string }[] } }).data.values : []);
    expect(values.length).toBeGreaterThan(0);
    for (const v of values) expect(v.ink).toBe(inkOn(BUCKETS.find((b) => b[2] === v.bucket)![1]));
  });

  it("colours the heatmap with the five buckets", async () => {
    // Every bucket present: accuracies 0, 0.25, 0.5, 0.75 and 1 over four-episode cells.
    const mixed: EpisodeRecord[] = [];
    const scenesOf = [7, 8, 9, 10];
    [0, 1, 2, 3, 4].forEach((right, m) => {
      for (const [i, scene] of scenesOf.entries()) mixed.push(episode(`m${m}`, scene, 5, i < right ? 2.5 : 9, 4));
    });
    const ms = mixed.map((r) => scoreEpisode(r));
    const d = buildReport(ms, summarize(ms));
    const heat = d.specs.find((s) => s.name === "heatmap")!;
    if (!("spec" in heat)) throw new Error("heatmap: one spec expected");
    const svg = await renderSvg(heat.spec);
    const rects = svg.match(/class="mark-rect[^]*?<\/g>/)![0];
    for (const [, colour] of BUCKETS) expect(rects.toLowerCase()).toContain(`fill="${colour}"`);
    // the buckets' legend (the text layer's colour has none, and must not remove it)
    for (const [, , label] of BUCKETS) expect(svg).toContain(`>${label.replace("<", "&lt;")}</text>`);
  });

  it("writes a self-contained HTML page", async () => {
    const page = await htmlReport(data);
    expect(page.match(/<svg/g)!.length).toBe(data.specs.reduce((n, c) => n + ("spec" in c ? 1 : c.panels.length), 0));
    expect(page).not.toMatch(/https?:\/\//);
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/<link/i);
    expect(page.match(/<table>/g)!.length).toBe(data.tables.length);
    expect(page).toContain("<td>Hard Single Physics</td>");
  });
});
