// The portable scorer's API (from source) against the evaluator and the CLI: the same
// items as a benchmark directory gives, the same numbers as `mech eval score --json` on
// three fixture runs, the same analysis as the report's, the same PhysMent scores as
// `mech physment score`'s pipeline; and bad input reported by place and expectation.
import { beforeAll, describe, expect, it } from "vitest";
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
