// Plausibility's shortcut measure on hand-built audits: real episodes of a universe, a
// graph drawn by hand between them, and narratives each built to be found by one check.
import { describe, expect, it } from "vitest";
import type { Level } from "../family.ts";
import type { PlausibilityRead } from "./audit_shapes.ts";
import { measurePlausibility, plausibilityMeasures } from "./plausibility.ts";
import { Universes } from "./universe.ts";
import { type ListedEpisode, listedAdmits, listUniverse, model } from "./quality.test_support.ts";
import type { SolutionRecord, TaskRecord } from "../records.ts";

const m = model("electrical_resistor");
const universe = listUniverse(m, "base", false);
const coords = m.variables.map((_, v) => v).filter((v) => m.variables[v].kind !== "parameter");
const named = (facts: { var: number; cell: number }[]) => facts.map((f) => ({ var: m.variables[f.var].name, cell: m.variables[f.var].cells[f.cell] }));
/** Every coordinate of an episode: these facts match that episode and no other. */
const all = (e: ListedEpisode) => named(coords.map((v) => ({ var: v, cell: e.cells[v] })));

// five distinct episodes; a graph 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 4 (layers {0}, {1, 2}, {3, 4})
const [e0, e1, e2, e3, e4] = [0, 17, 34, 51, 68].map((k) => universe[k]);
const graph = {
  scenario: "base",
  rules: "sound" as const,
  horizon: 2,
  variables: m.variables.map((v) => ({ name: v.name, cells: [...v.cells] })),
  initial: [0],
  layers: [{ episodes: [0] }, { episodes: [1, 2] }, { episodes: [3, 4] }],
  episodes: [e0, e1, e2, e3, e4].map((e) => ({ state: e.state, cells: e.cells })),
  edges: [[0, 1], [0, 2], [1, 3], [2, 4]].map(([source, target]) => ({ source, target })),
};

/** Two coordinates and cells each of which occurs in the universe, but never together. */
function contradiction(): { var: number; cell: number }[] {
  for (const v of coords) {
    for (const w of coords) {
      if (w <= v) continue;
      for (const a of new Set(universe.map((e) => e.cells[v]))) {
        for (const b of new Set(universe.map((e) => e.cells[w]))) {
          const pair = [{ var: v, cell: a }, { var: w, cell: b }];
          if (!listedAdmits(universe, pair)) return pair;
        }
      }
    }
  }
  throw new Error("no contradicting pair");
}

const read = (labels: string, narratives: PlausibilityRead["audit"]["narratives"]): PlausibilityRead => ({ answer: { plausibility_labels: labels }, audit: { graph, narratives } });
const item = (r: PlausibilityRead, level: Level = "D3", mechanism = m.id) => ({ taskId: "task_0000000000000001", mechanism, level, read: r });

const positive = { checkpoints: [all(e1), all(e3)] };
const easy = { checkpoints: [named(contradiction()), all(e3)] };
const layer = { checkpoints: [all(e3), all(e4)] }; // e3 is at depth 2, never at depth 1
const path = { checkpoints: [all(e1), all(e4)] }; // each in its layer, but 1 -> 4 is no edge
const witnessed = { checkpoints: [all(e2), all(e4)] };

describe("plausibility: labels detectable by checkpoint-local consistency", () => {
  it("the episodes are distinct and the contradiction is one no episode of the universe satisfies", () => {
    expect(new Set([e0, e1, e2, e3, e4].map((e) => JSON.stringify(e))).size).toBe(5);
    expect(listedAdmits(universe, contradiction())).toBe(false);
  });

  it("an easy negative is found locally; the others need the layer or the path; a graph-witnessed I is flagged", () => {
    const r = measurePlausibility(m, new Universes(), item(read("PIIII", [positive, easy, layer, path, witnessed])));
    expect(r.local).toBe("PIPPP");
    expect(r.evidence).toEqual(["local", "layer", "path", "witnessed"]);
  });

  it("a task whose every negative is easy is fully solved locally", () => {
    const r = measurePlausibility(m, new Universes(), item(read("PI", [positive, easy])));
    expect(r.local).toBe(r.gold);
  });

  it("rows by level and mechanism, and all tasks", () => {
    const reads = [read("PI", [positive, easy]), read("PIII", [positive, easy, layer, path])];
    const tasks = reads.map((_, k) => ({ task_id: `task_000000000000000${k}`, family: "plausibility", mechanism: m.id, level: k ? "D4" : "D1", complexity: 1, prompt_tokens: 1, prompt: "." }) as TaskRecord);
    const solutions = reads.map((r, k) => ({ task_id: tasks[k].task_id, answer: r.answer, audit: r.audit }) as SolutionRecord);
    const q = plausibilityMeasures({ tasks, solutions }, () => m, new Universes());
    expect(q.levels.map((l) => [l.level, l.tasks, l.implausible, l.local, l.solved_locally])).toEqual([["D1", 1, 1, 1, 1], ["D2", 0, 0, 0, 0], ["D3", 0, 0, 0, 0], ["D4", 1, 3, 1, 0]]);
    expect(q.mechanisms).toEqual([{ mechanism: m.id, tasks: 2, implausible: 4, local: 2, layer: 1, path: 1, witnessed: 0, solved_locally: 1 }]);
    expect(q.total.solved_locally).toBe(1);
  });

  it("an audit whose variables are not the catalog's is refused", () => {
    const bad = read("P", [positive]);
    bad.audit.graph = { ...graph, variables: graph.variables.slice(1) };
    expect(() => measurePlausibility(m, new Universes(), item(bad))).toThrow(/the audit's variables are not electrical_resistor's/);
  });
});
