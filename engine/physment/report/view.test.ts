// The PhysMent viewer data: every tool call of a transcript in order with its result as
// returned, the grade against the truth with Eq. 4's band, the rows' cells, and transcripts
// that cannot be scored (cut off, damaged, another scene, an unknown scene) kept and marked.
import { describe, expect, it } from "vitest";
import type { ViewerBlock } from "../../report/viewer.ts";
import { viewerDataProblems } from "../../report/viewer.ts";
import { encodeRecord, parseTranscript, type TranscriptRecord } from "../agent/transcript.ts";
import { sceneKey } from "../../api/physment_scenes.ts";
import { episodeLinkId, physmentViewData } from "./view.ts";
import { syntheticTranscript } from "./view.test_support.ts";

const keyOf = (n: number) => sceneKey("test", n, undefined);
const view = (ts: { key: string; text: string }[], lookup: (n: number) => ReturnType<typeof keyOf> | string = keyOf) =>
  physmentViewData({ transcripts: ts.map((t) => ({ ...t, source: `run/${t.key}.jsonl` })), sceneKey: lookup, problems: [] });

/** Every step of a timeline, depth first, with its blocks. */
function steps(blocks: readonly ViewerBlock[]): Extract<ViewerBlock, { kind: "step" }>[] {
  return blocks.flatMap((b) => (b.kind === "step" ? [b, ...steps(b.blocks)] : []));
}
const truthOf7 = () => JSON.parse(JSON.stringify(keyOf(7).truth.answer)) as number;

describe("physmentViewData", () => {
  it("shows every tool call of the transcript in order, each with its result as returned", () => {
    const t = syntheticTranscript({ scene: 7, model: "m", budget: 10, iterations: 4, calls: 3, answer: 1 });
    const data = view([t]);
    expect(viewerDataProblems(data)).toEqual([]);
    const recorded = parseTranscript(t.text).records.filter((r): r is Extract<TranscriptRecord, { type: "tool_call" }> => r.type === "tool_call");
    const calls = steps(data.entries[0].blocks).filter((s) => s.label.startsWith("call "));
    expect(calls.map((c) => c.label)).toEqual(recorded.map((r) => `call ${r.index + 1}: ${r.tool}`));
    calls.forEach((c, i) => {
      const result = c.blocks.find((b) => b.kind === "text" && b.label === "result");
      expect(result && result.kind === "text" && JSON.parse(result.text)).toEqual(recorded[i].result);
    });
    // the iterations, in order, then the end and the grade
    expect(steps(data.entries[0].blocks).filter((s) => !s.label.startsWith("call ")).map((s) => s.label)).toEqual(["Iteration 1", "Iteration 2", "Iteration 3", "Iteration 4", "Ended: answered in iteration 4", "Graded: wrong"]);
  });

  it("grades the answer against the truth with Eq. 4's band, and fills the row", () => {
    const truth = truthOf7();
    const data = view([syntheticTranscript({ scene: 7, model: "m", budget: 10, iterations: 2, calls: 1, answer: truth * 1.04 }), syntheticTranscript({ scene: 7, model: "m", budget: 20, iterations: 2, calls: 1, answer: truth * 1.06 })]);
    const grade = (k: number) => steps(data.entries[k].blocks).find((s) => s.label.startsWith("Graded"))!;
    expect(grade(0).label).toBe("Graded: correct");
    expect(grade(1).label).toBe("Graded: wrong");
    const part = (k: number) => (grade(k).blocks[0] as Extract<ViewerBlock, { kind: "fields" }>).rows[0][1];
    const band = 0.001 + 0.05 * Math.abs(truth);
    expect(part(0)).toContain(`truth ${truth} ± `);
    expect(part(0)).toContain(`[${truth - band}, ${truth + band}] → correct`);
    expect(part(1)).toMatch(/→ wrong$/);
    expect(data.rows.map((r) => r.cells.slice(0, 5))).toEqual([[7, "easy_single_physics", "m (zero-shot/function)", 10, "yes"], [7, "easy_single_physics", "m (zero-shot/function)", 20, "no"]]);
    expect(data.rows.map((r) => r.tone)).toEqual(["good", "bad"]);
    expect(data.rows[1].cells[10]).toBe("premature");
  });

  it("marks a failed call and an unreadable one", () => {
    const lines = syntheticTranscript({ scene: 7, model: "m", budget: 10, iterations: 3, calls: 2, answer: 1 }).text.split("\n");
    const k = lines.findIndex((l) => l.includes('"type":"tool_call"'));
    const call = JSON.parse(lines[k]);
    lines[k] = encodeRecord({ ...call, result: { error: "no object_9" }, error: true }).trimEnd();
    const u = lines.findIndex((l, i) => i > k && l.includes('"type":"tool_call"'));
    lines[u] = encodeRecord({ ...JSON.parse(lines[u]), status: "unreadable", result: null, raw_arguments: "{obj" }).trimEnd();
    const data = view([{ key: "x", text: lines.join("\n") }]);
    const calls = steps(data.entries[0].blocks).filter((s) => s.label.startsWith("call "));
    expect(calls[0]).toMatchObject({ label: "call 1: step (failed)", tone: "bad" });
    expect(calls[1]).toMatchObject({ label: "call 2: get_position (failed)", tone: "bad" });
    expect(JSON.stringify(calls[1].blocks)).toContain("unreadable arguments: nothing ran");
    expect(JSON.stringify(calls[1].blocks)).toContain("{obj");
  });

  it("keeps transcripts it cannot score, marked with the reason", () => {
    const good = syntheticTranscript({ scene: 7, model: "m", budget: 10, iterations: 2, calls: 1, answer: 1 });
    const torn = { key: "torn", text: good.text.slice(0, good.text.indexOf('"type":"end"') + 20) };
    const lines = good.text.split("\n");
    lines[3] = '{"type":"usage","iteration":';
    const damaged = { key: "damaged", text: lines.join("\n") };
    const other = syntheticTranscript({ scene: 8, model: "m", budget: 10, iterations: 2, calls: 1, answer: 1 });
    const foreign = { key: "foreign", text: other.text.replace('"scene":"8"', '"scene":"9"') };
    const unknown = syntheticTranscript({ scene: 12, model: "m", budget: 10, iterations: 2, calls: 1, answer: 1 });
    const data = view([good, torn, damaged, foreign, unknown], (n) => (n === 12 ? "scene 12: not a built-in scene" : keyOf(n)));
    const markOf = (key: string) => data.rows[data.entries.findIndex((e) => e.id === episodeLinkId(key))].mark;
    expect(markOf(good.key)).toBeUndefined();
    expect(markOf("torn")).toMatch(/^unfinished \(line \d+\): /);
    expect(markOf("damaged")).toMatch(/^not scored: line 4: /);
    expect(markOf("foreign")).toBe("not scored: the transcript's prompt does not contain the task of scenes/Scene9/scene9.json; it was run on other scenes");
    expect(markOf(unknown.key)).toBe("not scored: scene 12: not a built-in scene");
    // the records before the damage are still shown
    expect(steps(data.entries[data.entries.findIndex((e) => e.id === "ep_torn")].blocks).some((s) => s.label === "Iteration 1")).toBe(true);
    expect(data.rows.filter((r) => r.mark).every((r) => r.tone === "warn")).toBe(true);
  });

  it("gives every episode a distinct link name", () => {
    const t = syntheticTranscript({ scene: 7, model: "org/model:v1", budget: 10, iterations: 1, calls: 1, answer: 1 });
    const data = view([t, t]);
    expect(data.entries.map((e) => e.id)).toEqual([episodeLinkId(t.key), `${episodeLinkId(t.key)}-2`]);
    expect(viewerDataProblems(data)).toEqual([]);
    expect(episodeLinkId("7__a%2Fb__b5")).toBe("ep_7__a~252Fb__b5");
  });
});
