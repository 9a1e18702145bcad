// The portable scorer's API (from source) against the evaluator and the CLI: the same
// items as a benchmark directory gives, the same numbers as `mech eval score --json` on
// three fixture runs, the same analysis as the report's, the same PhysMent scores as
// `mech physment score`'s pipeline; and bad input reported by place and expectation.
import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evalScoreCommand } from "../../cli/eval_commands.ts";
import { fileIo } from "../../cli/cli.test_support.ts";
import { evalItems } from "../eval/items.ts";
import { analyze } from "../eval/analysis.ts";
import { scoreRecords } from "../eval/score.ts";
import { latestRecords, readRun } from "../eval/run_store.ts";
import { readTaskSet } from "../tasks/store.ts";
import { analyzeRuns, benchmarkItems, gradePhysmentAnswer, parseJsonLines, physment, SCORER_VERSION, ScorerInputError, scoreEpisodes, scoreRun } from "./mod.ts";
import { CLI_FIELDS, evalFixture, type EvalFixture, physmentFixture, type PhysmentFixture } from "./scorer.test_support.ts";

let fx: EvalFixture;
let px: PhysmentFixture;
beforeAll(async () => {
  [fx, px] = await Promise.all([evalFixture(), physmentFixture()]);
}, 300_000);

const pick = (o: Record<string, unknown>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

describe("MechReasoner on rows", () => {
  it("benchmarkItems gives evalItems' items of the same benchmark", () => {
    expect(benchmarkItems(fx.tasks, fx.solutions)).toEqual(evalItems(readTaskSet(fx.tasksDir)));
    // solutions in any order
    expect(benchmarkItems(fx.tasks, [...fx.solutions].reverse())).toEqual(evalItems(readTaskSet(fx.tasksDir)));
  });

  it("scoreRun gives mech eval score --json's numbers for each fixture run", () => {
    const items = benchmarkItems(fx.tasks, fx.solutions);
    for (const run of fx.runs) {
      const score = scoreRun({ model: run.model, items, responses: run.records });
      expect(pick(score as unknown as Record<string, unknown>, CLI_FIELDS)).toEqual(pick(run.cli, CLI_FIELDS));
    }
    // the fixtures cover every outcome class
    const mixed = scoreRun({ model: "mixed", items, responses: fx.runs[2].records });
    expect(new Set(mixed.scored.map((s) => s.outcome))).toEqual(new Set(["correct", "semantic", "protocol", "infrastructure"]));
  });

  it("plain {task_id, content} rows score like the records they come from; a later response does not replace the first", () => {
    const items = benchmarkItems(fx.tasks, fx.solutions);
    const rows = fx.runs[0].records.map((r) => {
      const x = r as { task_id: string; content: string | null };
      return { task_id: x.task_id, content: x.content };
    });
    const a = scoreRun({ items, responses: rows });
    expect(a.families).toEqual((fx.runs[0].cli.families as unknown[]));
    const b = scoreRun({ items, responses: [...rows, { task_id: rows[0].task_id, content: "changed my mind" }] });
    expect(b.families).toEqual(a.families);
    expect(scoreRun({ items, responses: rows.slice(1) }).missing).toBe(1);
  });

  it("scoreRun's items are scoreRecords' judgements, and analyzeRuns is the report's analysis", () => {
    const items = evalItems(readTaskSet(fx.tasksDir));
    const runs = fx.runs.map((r) => ({ model: r.model, scored: scoreRun({ model: r.model, items, responses: r.records }).scored }));
    fx.runs.forEach((r, k) => expect(runs[k].scored).toEqual(scoreRecords(r.model, items, latestRecords(readRun(r.dir).records)).items));
    const ours = analyzeRuns({ items, runs, replicates: 400 });
    const theirs = analyze({ all: items, runs: runs.map((r) => ({ model: r.model, items: r.scored })), replicates: 400 });
    expect(ours.slices).toEqual(theirs.slices);
    expect(ours.regression).toEqual(theirs.regression);
    expect(ours.models).toEqual(theirs.models);
    expect(Object.values(ours.bins).every((b) => ["B1", "B2", "B3", "B4"].includes(b))).toBe(true);
    expect(Object.keys(ours.bins)).toHaveLength(items.length);
  });

  it("bad input names the row, the JSON path and what was expected", () => {
    const items = benchmarkItems(fx.tasks, fx.solutions);
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(ScorerInputError);
        return (e as Error).message;
      }
      throw new Error("no error");
    };
    expect(err(() => benchmarkItems("tasks", fx.solutions))).toBe("tasks: expected an array of tasks.jsonl rows, got a string");
    const bad = [...fx.tasks];
    bad[2] = { ...(bad[2] as object), level: "D9" };
    expect(err(() => benchmarkItems(bad, fx.solutions))).toMatch(/^tasks\[2\]\.level: .*"D1"\|"D2"\|"D3"\|"D4"/);
    expect(err(() => benchmarkItems(fx.tasks, fx.solutions.slice(1)))).toMatch(/^tasks\[0\]\.task_id: task_[0-9a-f]{16} has no row in solutions$/);
    expect(err(() => scoreRun({ items, responses: [{ task_id: items[0].task_id, content: 3 }] }))).toMatch(/^responses\[0\]\.content: .*expected string/);
    expect(err(() => scoreRun({ items, responses: [{ task_id: "task_0000000000000000", content: "x" }] }))).toBe("responses[0].task_id: task_0000000000000000 is not a task of the given benchmark rows");
    expect(err(() => scoreRun({ items, responses: [{ task_id: items[0].task_id, type: "failure", class: "oops" }] }))).toMatch(/^responses\[0\]\.class: .*"timeout"/);
    expect(err(() => parseJsonLines('{"a": 1}\n\n{oops}\n', "tasks.jsonl"))).toMatch(/^tasks\.jsonl:3: not JSON/);
    expect(parseJsonLines('{"a": 1}\n{"b": 2}')).toEqual([{ a: 1 }, { b: 2 }]);
  });
});

describe("MechReasoner runs of several samples per item (scorer 0.2)", () => {
  // the three fixture runs as three samples of one run: sample s answers as fixture run s did
  const sampled = () => fx.runs.flatMap((r, s) => r.records.map((x) => ({ ...(x as object), sample: s })));

  it("one sample per item: the output has 0.1's fields only", () => {
    const items = benchmarkItems(fx.tasks, fx.solutions);
    const score = scoreRun({ model: "m", items, responses: fx.runs[2].records });
    expect(Object.keys(score).sort()).toEqual(["failures", "families", "items", "missing", "model", "scored", "tokens"]);
    expect(score.scored.every((x) => !("sample" in x) && !("vote" in x))).toBe(true);
    const a = analyzeRuns({ items, runs: [score], replicates: 200 });
    expect(Object.keys(a).sort()).toEqual(["bin_sizes", "bins", "models", "regression", "replicates", "slices"]);
    expect(a.slices.every((x) => !("samples" in x))).toBe(true);
    // asked for, the paired differences come with one sample too: both schemes then agree
    const d = analyzeRuns({ items, runs: [score, { ...score, model: "n" }], replicates: 200, differences: true });
    expect(d.samples).toBe(1);
    expect(d.differences![0].twoLevel).toEqual(d.differences![0].oneLevel);
  });

  it("scoreRun on sample rows gives mech eval score --json's numbers for the same run of three samples", () => {
    const dir = mkdtempSync(join(tmpdir(), "mechbench-scorer-k3-"));
    const config = JSON.parse(readFileSync(join(fx.runs[2].dir, "run.json"), "utf8"));
    writeFileSync(join(dir, "run.json"), JSON.stringify({ ...config, model: "k3", samples: 3 }));
    writeFileSync(join(dir, "records.jsonl"), sampled().map((r) => JSON.stringify(r) + "\n").join(""));
    const io = fileIo();
    expect(evalScoreCommand({ runs: [dir], json: true }, io)).toBe(0);
    const cli = (JSON.parse(io.lines.join("\n")) as { runs: Record<string, unknown>[] }).runs[0];
    const items = benchmarkItems(fx.tasks, fx.solutions);
    const score = scoreRun({ model: "k3", items, responses: sampled() });
    expect(pick(score as unknown as Record<string, unknown>, [...CLI_FIELDS, "samples"])).toEqual(pick(cli, [...CLI_FIELDS, "samples"]));
    expect(score.samples!.samples).toBe(3);
    const all = score.samples!.families.at(-1)!;
    // every item has its three samples: the mean is the three fixture runs' mean accuracy
    const acc = fx.runs.map((r) => ((r.cli.families as { family: string; e2e_accuracy: number }[]).at(-1)!).e2e_accuracy);
    expect(all.mean).toBeCloseTo((acc[0] + acc[1] + acc[2]) / 3, 12);
    expect(all.pass_at[2]).toBe(1); // sample 0 replays the gold
    const a = analyzeRuns({ items, runs: [score], replicates: 300 });
    expect(a.samples).toBe(3);
    const pooled = a.slices.find((x) => x.model === "k3" && x.family === "all")!;
    expect(pooled.samples!.scores).toEqual(all.family === "all" ? (({ family: _, ...rest }) => rest)(all) : null);
    expect(pooled.samples!.accuracy.estimate).toBe(pooled.accuracy.estimate);
  });

  it("a row's sample beyond `samples` is named; `samples` must be 1–100", () => {
    const items = benchmarkItems(fx.tasks, fx.solutions);
    expect(() => scoreRun({ items, responses: sampled(), samples: 2 })).toThrow(/^responses\[\d+\]\.sample: sample 2 is beyond samples: 2/);
    expect(() => scoreRun({ items, responses: [], samples: 0 })).toThrow(ScorerInputError);
    expect(() => scoreRun({ items, responses: [{ task_id: items[0].task_id, content: "x", sample: -1 }] })).toThrow(/^responses\[0\]\.sample: /);
    // asked for more samples than the rows hold: the rest are missing requests
    const five = scoreRun({ items, responses: sampled(), samples: 5 });
    expect(five.samples!.missing_requests).toBe(2 * items.length);
  });
});

describe("PhysMent on episode records", () => {
  it("scoreEpisodes gives scoreEpisode's and summarize's results on transcripts' records", () => {
    const r = scoreEpisodes(px.records);
    expect(r.episodes).toEqual(px.scores);
    expect(r.summaries).toEqual(px.summaries);
    expect(px.scores.map((s) => s.correct)).toEqual([true, false]);
  });

  it("gradePhysmentAnswer is Eq. 4; bad records and answers are named", () => {
    expect(gradePhysmentAnswer(-4.9, -4.905)).toEqual(physment.gradeAnswer(-4.9, -4.905));
    expect(gradePhysmentAnswer("-4.91 m/s", -4.905).correct).toBe(true);
    expect(() => gradePhysmentAnswer({ v: 1 }, 1)).toThrow(ScorerInputError);
    const bad = [px.records[0], { ...px.records[1], budget: 0 }];
    expect(() => scoreEpisodes(bad)).toThrow(/^episodes\[1\]\.budget: /);
  });

  it("SCORER_VERSION is semver", () => {
    expect(SCORER_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
