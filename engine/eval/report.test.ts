import { beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage, ModelClient, ModelResponse } from "../llm/model.ts";
import { answerPrompt } from "../baselines/prompt_parser/mod.ts";
import { readTaskSet } from "../tasks/store.ts";
import { FAMILY_IDS } from "../tasks/family.ts";
import { markdownPage } from "../report/page.ts";
import { analyze, MAJORITY } from "./analysis.ts";
import { BaselineClient } from "./baseline_client.ts";
import type { EvalItem } from "./items.ts";
import { reportData } from "./report.ts";
import type { ItemRecord } from "./run_records.ts";
import { latestRecords } from "./run_store.ts";
import { runEval } from "./runner.ts";
import { scoreRecords } from "./score.ts";
import { writeSmallBenchmark } from "./eval.test_support.ts";

/** A model answering each prompt with reply(item). */
function scripted(model: string, items: readonly EvalItem[], reply: (it: EvalItem, k: number) => string): ModelClient {
  const byPrompt = new Map(items.map((it, k) => [it.prompt, [it, k] as const]));
  return {
    model,
    chat(messages: readonly ChatMessage[]): Promise<ModelResponse> {
      const [it, k] = byPrompt.get(messages.at(-1)!.content as string)!;
      return Promise.resolve({ content: reply(it, k), toolCalls: [], usage: null, finishReason: "stop" });
    },
  };
}

const HALF = new Set(["state_consistency", "plausibility", "necessity"]);
let items: EvalItem[];
let dir: string;
const runs: { model: string; latest: Map<string, ItemRecord> }[] = [];

beforeAll(async () => {
  ({ dir, items } = writeSmallBenchmark());
  const clients: ModelClient[] = [
    new BaselineClient("replay", items),
    new BaselineClient("majority", items),
    { model: "prompt-parser", chat: (m) => Promise.resolve({ content: JSON.stringify({ answer: answerPrompt(m.at(-1)!.content as string).answer }), toolCalls: [], usage: null, finishReason: "stop" }) },
    // right on half the families; elsewhere a well-formed wrong answer (the majority payload)
    scripted("half-right", items, (it) => (HALF.has(it.family) ? JSON.stringify({ answer: it.gold }) : "")),
    // a protocol failure on every other item, the gold otherwise
    scripted("sloppy", items, (it, k) => (k % 2 ? "I would rather not say." : "```json\n" + JSON.stringify({ answer: it.gold }) + "\n```")),
  ];
  const majority = new BaselineClient("majority", items);
  for (const client of clients) {
    const records: ItemRecord[] = [];
    const c = client.model === "half-right"
      ? { model: "half-right", chat: async (m: readonly ChatMessage[]) => {
        const r = await client.chat(m);
        return r.content ? r : majority.chat(m);
      } }
      : client;
    await runEval({ items, client: c, endpoint: "test", controls: {}, cache: null, existing: [], append: (r) => records.push(r), concurrency: 4 });
    runs.push({ model: client.model, latest: latestRecords(records) });
  }
});

describe("the MechReasoner report", () => {
  it("its numbers equal hand-computed ones for three baselines and two scripted models", () => {
    const scored = runs.map((r) => ({ model: r.model, items: scoreRecords(r.model, items, r.latest).items }));
    const a = analyze({ all: items, runs: scored, replicates: 2_000 });
    expect(a.models).toEqual([MAJORITY, "baseline:replay", "baseline:majority", "prompt-parser", "half-right", "sloppy"]);
    const cell = (model: string, family: string) => a.slices.find((s) => s.model === model && s.family === family && s.bin === null)!;
    for (const f of FAMILY_IDS) {
      const n = items.filter((i) => i.family === f).length;
      const odd = items.flatMap((it, k) => (it.family === f && k % 2 ? [k] : [])).length;
      for (const m of ["baseline:replay", "prompt-parser"]) expect(cell(m, f).accuracy).toMatchObject({ estimate: 1, lower: 1, upper: 1 });
      // the in-process majority run equals the derived baseline row, item for item
      expect(cell("baseline:majority", f).metrics).toEqual(cell(MAJORITY, f).metrics);
      const half = cell("half-right", f);
      expect(half.metrics.correct).toBe(HALF.has(f) ? n : cell(MAJORITY, f).metrics.correct);
      expect(half.metrics.protocol).toBe(0);
      const sloppy = cell("sloppy", f);
      expect(sloppy.metrics).toMatchObject({ n, correct: n - odd, protocol: odd, semantic: 0, infrastructure: 0 });
      expect(sloppy.accuracy.estimate).toBeCloseTo((n - odd) / n, 12);
      expect(sloppy.metrics.compliance).toBeCloseTo((n - odd) / n, 12);
    }
    // every item of a family in exactly one bin; the bins' sizes add up
    for (const f of FAMILY_IDS) expect(a.binSizes.get(f)!.reduce((x, y) => x + y, 0)).toBe(items.filter((i) => i.family === f).length);

    const set = readTaskSet(dir);
    const data = reportData({ analysis: a, manifest: set.manifest, runs: runs.map((r, k) => ({ model: r.model, dir: "runs/" + r.model, bySample: [r.latest], items, scored: scored[k].items })), maxDetails: 3 });
    const md = markdownPage("MechReasoner report", data);
    const t6 = data.tables.find((t) => t.title.includes("Table 6"))!;
    const all = t6.rows.find((r) => r[0] === "all")!;
    const total = items.length, odd = items.filter((_, k) => k % 2).length;
    expect(all[t6.header.indexOf("sloppy")]).toBe(`${(100 * (total - odd) / total).toFixed(1)} (${odd})`);
    expect(all[t6.header.indexOf("baseline:replay")]).toBe("100.0 (0)");
    expect(md).toContain("(Table 4's shape)");
    expect(md).toContain("(Figure 2)");
    expect(md).toContain("(Table 3)");
    // drill-down: replay and the parser have no failures; sloppy shows 3 of its failures with their texts
    const sloppy = data.details!.find((d) => d.title.startsWith("Failures of sloppy"))!;
    expect(sloppy.items).toHaveLength(3);
    expect(sloppy.note).toBe(`The first 3 of ${odd} failures (raise --max-details to see more).`);
    expect(sloppy.items[0].blocks.map((b) => b.label)).toEqual(["response", "normalized answer", "gold", "prompt"]);
    expect(sloppy.items[0].blocks[0].text).toBe("I would rather not say.");
    expect(data.details!.find((d) => d.title.startsWith("Failures of baseline:replay"))!.items).toEqual([]);
    // the size slices: each mechanism in one band, every item counted once, accuracy by hand
    const bySize = data.tables.find((t) => t.title.endsWith("by mechanism size: components"))!;
    const sizeOf = new Map(set.manifest.mechanisms.map((m) => [m.mechanism, m.components!]));
    expect(bySize.rows.reduce((n, r) => n + Number(r[2]), 0)).toBe(items.length);
    for (const row of bySize.rows) {
      const [lo, hi] = row[0].endsWith("+") ? [Number(row[0].slice(0, -1)), Infinity] : row[0].split("–").map(Number);
      const inBand = items.filter((it) => sizeOf.get(it.mechanism)! >= lo && sizeOf.get(it.mechanism)! <= hi);
      expect(Number(row[2])).toBe(inBand.length);
      const right = inBand.filter((it) => HALF.has(it.family) || scored[3].items.find((x) => x.task_id === it.task_id)!.outcome === "correct").length;
      expect(row[bySize.header.indexOf("half-right")]).toBe((100 * right / inBand.length).toFixed(1));
      expect(row[bySize.header.indexOf("baseline:replay")]).toBe("100.0");
    }
    expect(data.tables.some((t) => t.title.endsWith("by mechanism size: model variables"))).toBe(true);
    // the regression: replay and parser strata never vary; the majority and half-right ones can
    expect(a.regression.unadjusted === null || a.regression.unadjusted.informative > 0).toBe(true);
  });
});
