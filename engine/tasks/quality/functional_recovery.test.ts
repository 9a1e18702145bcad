// Functional recovery's shortcut measures on hand-built audits over two variables.
import { describe, expect, it } from "vitest";
import type { FunctionalRecoveryRead } from "./audit_shapes.ts";
import { functionalRecoveryMeasures, measureFunctionalRecovery } from "./functional_recovery.ts";
import type { SolutionRecord, TaskRecord } from "../records.ts";

// episodes as (x, y) cells; 0-3 are the library, 4-5 successors only
const cells = [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]];
const graph = (library: number[], edges: [number, number][]) => ({
  scenario: "s",
  rules: "sound" as const,
  variables: [{ name: "x", cells: ["neg", "zero", "pos"] }, { name: "y", cells: ["low", "high"] }],
  initial: library,
  layers: [{ episodes: library }, { episodes: [...new Set(edges.map(([, t]) => t))] }],
  episodes: cells.map((c) => ({ state: {}, cells: c })),
  edges: edges.map(([source, target]) => ({ source, target })),
});

const audit = (over: Partial<FunctionalRecoveryRead["audit"]> = {}): FunctionalRecoveryRead["audit"] => ({
  lost: [{ var: "x", cells: ["neg"] }],
  goal: [{ var: "y", cell: "high" }],
  unsafe: [{ var: "x", cell: "pos" }],
  graph: graph([0, 1, 2, 3], [[0, 1], [1, 5], [2, 3], [3, 3]]),
  policies: [{ outcomes: [1] }, { outcomes: [0] }, { outcomes: [3] }],
  ...over,
});
const item = (statuses: string, a: FunctionalRecoveryRead["audit"]) => ({ taskId: "task_0000000000000001", mechanism: "any", level: "D2" as const, read: { answer: { plan_statuses: statuses }, audit: a } });

describe("functional recovery: vacuous faults", () => {
  it("a fault whose library has an episode outside the lost restriction is not vacuous", () => {
    expect(measureFunctionalRecovery(item("UDR", audit())).vacuous).toBe(false);
  });

  it("a fault is vacuous when every library episode still satisfies every lost restriction", () => {
    expect(measureFunctionalRecovery(item("UDR", audit({ graph: graph([0, 1], [[0, 1], [1, 5]]), policies: [{ outcomes: [1] }, { outcomes: [0] }, { outcomes: [0, 1] }] }))).vacuous).toBe(true);
    // several lost restrictions: each must hold in every episode
    expect(measureFunctionalRecovery(item("UDR", audit({ graph: graph([0, 1], [[0, 1]]), policies: [{ outcomes: [1] }, { outcomes: [0] }, { outcomes: [0] }], lost: [{ var: "x", cells: ["neg"] }, { var: "y", cells: ["low"] }] }))).vacuous).toBe(false);
  });
});

describe("functional recovery: outcome-only labelling", () => {
  it("labels each plan from its outcomes alone: an unsafe successor and a goal missed at the deadline go unseen", () => {
    // R01: outcome 1 (neg, high) is safe and meets the goal, its successor 5 (pos, high) is unsafe: gold U, outcome-only R
    // R02: outcome 0 (neg, low) misses the goal itself: D either way; R03: outcome 3 (zero, high) only reaches itself: R either way
    const r = measureFunctionalRecovery(item("UDR", audit()));
    expect(r.outcomeOnly).toBe("RDR");
    expect(r.gold).not.toBe(r.outcomeOnly);
  });

  it("equals the gold when the successors change nothing, and counts outcomes without successors", () => {
    const a = audit({ graph: graph([0, 1, 2, 3], [[0, 1]]), policies: [{ outcomes: [1] }, { outcomes: [0, 1] }] });
    const r = measureFunctionalRecovery(item("RD", a));
    expect(r.outcomeOnly).toBe("RD");
    expect([r.outcomes, r.withoutSuccessors]).toEqual([2, 1]);
  });

  it("rows count vacuous faults, outcome-only equality, plans the successors decide and holds", () => {
    const audits = [audit(), audit({ graph: graph([0, 1], [[0, 1], [1, 0]]), policies: [{ outcomes: [1] }] })];
    const gold = ["UDR", "R"];
    const tasks = audits.map((_, k) => ({ task_id: `task_000000000000000${k}`, family: "functional_recovery", mechanism: "any", level: k ? "D1" : "D3", complexity: 1, prompt_tokens: 1, prompt: "." }) as TaskRecord);
    const solutions = audits.map((a, k) => ({ task_id: tasks[k].task_id, answer: { plan_statuses: gold[k] }, audit: a }) as SolutionRecord);
    const q = functionalRecoveryMeasures({ tasks, solutions });
    expect(q.total).toEqual({ tasks: 2, vacuous: 1, outcome_only_equal: 1, plans: 4, plans_decided_by_successors: 1, outcomes: 4, outcomes_without_successors: 0, tasks_with_hold: 0 });
    expect(q.levels.find((l) => l.level === "D3")).toMatchObject({ tasks: 1, vacuous: 0, outcome_only_equal: 0 });
  });
});
