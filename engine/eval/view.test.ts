// The MechReasoner viewer data: a row per item, run and sample in benchmark order with the
// scores' outcome and partial score; per item the prompt, each run's response beside the
// extracted and normalized answers, the gold and the evidence; missing records shown as such.
import { describe, expect, it } from "vitest";
import type { ViewerBlock } from "../report/viewer.ts";
import { viewerDataProblems } from "../report/viewer.ts";
import { writeSmallBenchmark } from "./eval.test_support.ts";
import { analysisBins, BINS } from "./bins.ts";
import { latestBySample } from "./record_kinds.ts";
import type { ItemRecord } from "./run_records.ts";
import { scoreSampleRecords } from "./score.ts";
import { evalViewData, type ViewRun } from "./view.ts";
import type { EvalItem } from "./items.ts";

const { items } = writeSmallBenchmark();
const base = (it: EvalItem, sample?: number) => ({
  task_id: it.task_id,
  family: it.family,
  mechanism: it.mechanism,
  request_sha256: "0".repeat(64),
  ...(sample === undefined ? {} : { sample }),
  attempts: [{ started: "2026-12-04T00:00:00.000Z", latency_ms: 5, error: null }],
  latency_ms: 5,
  finished: "2026-12-04T00:00:00.000Z",
});
const response = (it: EvalItem, content: string, sample?: number): ItemRecord => ({ type: "response", ...base(it, sample), content, finish_reason: "stop", usage: null, cached: false });
const failure = (it: EvalItem): ItemRecord => ({ type: "failure", ...base(it), class: "timeout", error: { kind: "timeout", status: null, message: "no answer in 60 s" } });

function run(model: string, records: ItemRecord[], samples = 1): ViewRun {
  const bySample = latestBySample(records, samples);
  return { model, dir: `runs/${model}`, items, bySample, scored: scoreSampleRecords(model, items, bySample).items };
}
const fieldsOf = (blocks: readonly ViewerBlock[]) => Object.fromEntries(blocks.flatMap((b) => (b.kind === "fields" ? b.rows : [])));
const textOf = (blocks: readonly ViewerBlock[], label: string) => blocks.find((b): b is Extract<ViewerBlock, { kind: "text" }> => b.kind === "text" && b.label === label)?.text;

describe("evalViewData", () => {
  const gold = run("gold", items.map((it) => response(it, JSON.stringify({ answer: it.gold }))));
  // wrong by protocol on the first item, a timeout on the second, nothing on the third, gold after
  const mixed = run("mixed", items.flatMap((it, k) => (k === 0 ? [response(it, "I think it stays.")] : k === 1 ? [failure(it)] : k === 2 ? [] : [response(it, "```json\n" + JSON.stringify({ answer: it.gold }) + "\n```")])));
  const data = evalViewData({ runs: [gold, mixed], all: items, evidence: (id) => [`evidence of ${id}`], problems: ["records.jsonl: its last line was cut off"] });

  it("lists a row per item and run in benchmark order, with the scores' outcome and partial score", () => {
    expect(viewerDataProblems(data)).toEqual([]);
    expect(data.rows).toHaveLength(2 * items.length);
    expect(data.entries.map((e) => e.id)).toEqual(items.map((i) => i.task_id));
    const bins = analysisBins(items);
    expect(data.rows.slice(0, 2).map((r) => r.cells)).toEqual([
      [items[0].task_id, items[0].family, items[0].mechanism, items[0].level, BINS[bins.get(items[0].task_id)!], "gold", "correct", 1],
      [items[0].task_id, items[0].family, items[0].mechanism, items[0].level, BINS[bins.get(items[0].task_id)!], "mixed", "protocol", 0],
    ]);
    expect(data.rows.filter((r) => r.pane === 1).slice(0, 4).map((r) => [r.cells[6], r.tone])).toEqual([["protocol", "bad"], ["infrastructure", "warn"], ["no record", "warn"], ["correct", "good"]]);
    expect(data.problems).toEqual(["records.jsonl: its last line was cut off"]);
  });

  it("shows an item's prompt, each run's response with the extracted and normalized answers, the gold and the evidence", () => {
    const e = data.entries[3];
    expect(textOf(e.blocks, "prompt (user message)")).toBe(items[3].prompt);
    const [g, m] = e.panes!;
    expect([g.label, m.label]).toEqual(["gold", "mixed"]);
    expect(textOf(m.blocks, "response")).toContain("```json");
    expect(textOf(m.blocks, "extracted answer")).toBe(`${JSON.stringify(items[3].gold, null, 1)}\n(read from: fence)`);
    expect(JSON.parse(textOf(m.blocks, "normalized answer")!)).toEqual(items[3].gold);
    expect(fieldsOf(m.blocks).outcome).toBe("correct");
    expect(JSON.parse(textOf(e.after!, "gold answer")!)).toEqual(items[3].gold);
    expect(textOf(e.after!, "evidence")).toBe(`evidence of ${items[3].task_id}`);
  });

  it("says why a response was rejected, what a failure was, and that a record is missing", () => {
    const [, bad] = data.entries[0].panes!;
    expect(textOf(bad.blocks, "extracted answer")).toBe("(none: no JSON object in the response)");
    expect(textOf(bad.blocks, "normalized answer")).toBe("(rejected: no JSON object in the response)");
    expect(fieldsOf(data.entries[1].panes![1].blocks)).toMatchObject({ outcome: "infrastructure (timeout)", "failure class": "timeout", error: "timeout: no answer in 60 s" });
    expect(fieldsOf(data.entries[2].panes![1].blocks).outcome).toMatch(/^no record/);
  });

  it("gives each sample of a run of several samples its own row and pane", () => {
    const two = run("two", items.flatMap((it) => [response(it, "no", 0), response(it, JSON.stringify({ answer: it.gold }), 1)]), 2);
    const d = evalViewData({ runs: [two], all: items, evidence: () => [], problems: [] });
    expect(d.entries[0].panes!.map((p) => p.label)).toEqual(["two · sample 0", "two · sample 1"]);
    expect(d.rows.slice(0, 2).map((r) => [r.pane, r.cells[5], r.cells[6]])).toEqual([[0, "two · sample 0", "protocol"], [1, "two · sample 1", "correct"]]);
  });
});
