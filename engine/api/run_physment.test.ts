// The PhysMent entry against the command it stands under: an agent written as a function
// runs through the same runner (it sees what an endpoint would be sent), its transcripts in
// memory are the files `mech physment run` writes, an interrupted run in memory continues
// from its transcripts, and bad options are named.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { builtinSceneTexts } from "../../scenes/mod.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMech } from "../../cli/cli.test_support.ts";
import {
  type ModelReplyShape,
  type ModelRequest,
  OptionsError,
  physmentEpisodes,
  runPhysment,
  scorePhysment,
  UnknownSceneError,
} from "./physment.ts";

const tmp = mkdtempSync(join(tmpdir(), "mechbench-physment-api-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Drops the speed of scene 7's ball after 0.8 s: step, read, answer. */
function dropAgent(seen: ModelRequest[]) {
  return (req: ModelRequest): ModelReplyShape => {
    seen.push(req);
    const read = req.messages.flatMap((m) => (m.role === "tool" ? [JSON.parse(m.content)] : [])).find((r) => r.tool === "get_velocity");
    if (!read) return { content: "step and read", toolCalls: [{ name: "step", arguments: { duration: 0.8 } }, { name: "get_velocity", arguments: { object_id: "object_1" } }] };
    return { content: "the speed", toolCalls: [{ name: "answer", arguments: { answer: Math.hypot(...read.result.velocity) } }] };
  };
}

/** A transcript without its timestamps and timings, which differ between two plays. */
const untimed = (text: string) =>
  text.trim().split("\n").map((l) => {
    const { started: _s, finished: _f, latency_ms: _l, started_ms: _b, duration_ms: _d, ...rest } = JSON.parse(l);
    return rest;
  });

describe("runPhysment with an agent written as a function", () => {
  it("asks the function with the conversation, the 26 tools' schemas, the episode and the controls an endpoint is sent", async () => {
    const seen: ModelRequest[] = [];
    const run = await runPhysment({ model: { id: "drop", function: dropAgent(seen) }, scenes: [7], budgets: [5], temperature: 0.5, maxOutputTokens: 64 });
    expect(run.dir).toBeNull();
    expect(run.summary.finished).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen[0].tools).toHaveLength(26);
    expect(seen[0].tools.map((t) => t.function.name)).toContain("get_velocity");
    expect(seen[0].task).toEqual({ scene: "7", budget: 5, iteration: 1, strategy: "zero-shot", protocol: "function" });
    // an unknown model gets mech eval's default profile: temperature taken, the max_tokens field
    expect(seen[0].controls).toEqual({ temperature: 0.5, max_tokens: 64 });
    expect(seen[1].messages.filter((m) => m.role === "tool")).toHaveLength(2);
    const { scores } = scorePhysment(run);
    expect(scores.map((s) => [s.scene_id, s.correct, s.answer_iteration])).toEqual([[7, true, 2]]);
  });

  it("keeps in memory the transcripts a directory run writes, and scores them as mech physment score does", async () => {
    const memory = await runPhysment({ model: { id: "drop", function: dropAgent([]) }, scenes: [7], budgets: [5, 10] });
    const out = join(tmp, "drop");
    const files = await runPhysment({ model: { id: "drop", function: dropAgent([]) }, scenes: [7], budgets: [5, 10], out });
    expect(files.dir).toBe(out);
    expect(readdirSync(out).filter((f) => f.endsWith(".jsonl")).sort()).toEqual(memory.transcripts.map((t) => `${t.key}.jsonl`).sort());
    for (const t of memory.transcripts) expect(untimed(readFileSync(join(out, `${t.key}.jsonl`), "utf8"))).toEqual(untimed(t.text));
    const cli = runMech("physment", "score", out);
    expect(cli.code, cli.err).toBe(0);
    const rows = scorePhysment(memory).summaries.map((r) => `| ${r.model} | ${r.variant} | ${r.budget} | ${r.category} | ${r.episodes} | ${r.accuracy.toFixed(3)} |`);
    for (const row of rows) expect(cli.out).toContain(row);
  });

  it("continues an interrupted run in memory from its transcripts, replaying the recorded replies", async () => {
    const stop = new AbortController();
    let calls = 0;
    const agent = dropAgent([]);
    const interrupting = (req: ModelRequest) => {
      calls++;
      // the second request is cut off by the stop, as a kill would cut it
      if (req.messages.some((m) => m.role === "tool")) stop.abort();
      return req.signal.aborted ? new Promise<never>(() => {}) : agent(req);
    };
    const first = await runPhysment({ model: { id: "drop", function: interrupting }, scenes: [7], budgets: [5], signal: stop.signal });
    expect(first.summary.failed).toBe(1);
    expect(first.summary.outcomes[0].kind).toBe("aborted");
    expect(calls).toBe(2);
    calls = 0;
    const events: string[] = [];
    const again = await runPhysment({
      model: { id: "drop", function: interrupting },
      scenes: [7],
      budgets: [5],
      transcripts: first.transcripts,
      onProgress: (e) => events.push(e.kind === "finished" ? `finished, ${e.replayed} replayed` : e.kind),
    });
    expect(again.summary.finished).toBe(1);
    expect(events).toEqual(["started", "finished, 1 replayed"]);
    // only the request the stop cut off was asked again
    expect(calls).toBe(1);
    expect(scorePhysment(again).scores[0].correct).toBe(true);
  });
});

describe("the grid and the options", () => {
  it("lists a shard's episodes, which together make the grid", () => {
    const grid = physmentEpisodes({ model: { id: "m" }, scenes: [7, 8, 9], budgets: [5, 10] });
    const shards = [1, 2, 3].map((index) => physmentEpisodes({ model: { id: "m" }, scenes: [7, 8, 9], budgets: [5, 10], shard: { index, count: 3 } }));
    expect(shards.flat().map((e) => e.key).sort()).toEqual(grid.map((e) => e.key).sort());
  });

  it("names the option that is wrong", async () => {
    // the reference agent plays built-in scenes and variant sets, not any directory of scenes
    const plain = join(tmp, "plain");
    mkdirSync(join(plain, "Scene7"), { recursive: true });
    writeFileSync(join(plain, "Scene7/scene7.json"), builtinSceneTexts(7)!.json);
    writeFileSync(join(plain, "Scene7/scene7.xml"), builtinSceneTexts(7)!.xml);
    await expect(runPhysment({ model: { reference: true }, scenes: [7], scenesDir: plain })).rejects.toThrow(new OptionsError(`runPhysment: the reference agent plays the built-in scenes and their variant sets (mech physment vary); ${join(plain, "Scene7", "variant.json")} is missing, so ${plain} is not a variant set`));
    await expect(runPhysment({ model: { reference: true }, scenes: [7], protocol: "text" })).rejects.toThrow(/runPhysment: protocol: /);
    await expect(runPhysment({ model: { reference: true }, scenes: [7], out: tmp, transcripts: [] })).rejects.toThrow(/runPhysment: transcripts: /);
    await expect(runPhysment({ model: { id: "m", function: "not a function" } as never, scenes: [7] })).rejects.toThrow("runPhysment: model.function: expected a function");
    await expect(runPhysment({ model: { id: "m", baseUrl: "http://localhost", apiKey: "k", temperature: 1 } as never, scenes: [7] })).rejects.toThrow("runPhysment: model: unknown option temperature");
    await expect(runPhysment({ model: "gpt" as never, scenes: [7] })).rejects.toThrow(/runPhysment: model: expected \{id, function\} for an agent function/);
    await expect(runPhysment({ model: { reference: true }, scenes: [7], budgets: [0] })).rejects.toThrow(/runPhysment: budgets\.0: /);
    await expect(runPhysment({ model: { reference: true }, scenes: [5] })).rejects.toThrow(UnknownSceneError);
    await expect(runPhysment({ model: { reference: true }, scenes: [5] })).rejects.toThrow("runPhysment: no built-in scene 5 (built-in: 7…111, 105 scenes)");
  });
});
