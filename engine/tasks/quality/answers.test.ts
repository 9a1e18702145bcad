// The answer-only shortcut measures: repeated transition answers and necessity patterns.
import { describe, expect, it } from "vitest";
import type { Level } from "../family.ts";
import type { SolutionRecord, TaskRecord } from "../records.ts";
import { answerKey, transitionMeasures } from "./transition.ts";
import { necessityMeasures } from "./necessity.ts";

const t = (component: string, source_state: string, target_state: string) => ({ component, source_state, target_state });
const records = (family: string, rows: [string, Level, Record<string, unknown>][]) => {
  const tasks = rows.map(([mechanism, level], k) => ({ task_id: `task_${String(k).padStart(16, "0")}`, family, mechanism, level, complexity: 1, prompt_tokens: 1, prompt: "." }) as TaskRecord);
  return { tasks, solutions: rows.map(([, , answer], k) => ({ task_id: tasks[k].task_id, answer, audit: {} }) as SolutionRecord) };
};
const transitions = (...triples: ReturnType<typeof t>[]) => ({ admissible_component_state_transitions: triples });

describe("transition: repeated answers", () => {
  it("compares answers as sets of triples", () => {
    const a = { answer: transitions(t("m", "A", "B"), t("c", "X", "Y")) }, b = { answer: transitions(t("c", "X", "Y"), t("m", "A", "B")) };
    expect(answerKey(a)).toBe(answerKey(b));
    expect(answerKey(a)).not.toBe(answerKey({ answer: transitions(t("m", "A", "B")) }));
  });

  it("counts a task whose answer another retained task of its mechanism has, and those shared across levels; other mechanisms do not count", () => {
    const same = transitions(t("m", "A", "B"));
    const q = transitionMeasures(records("transition", [
      ["one", "D1", same],
      ["one", "D1", same],
      ["one", "D3", same],
      ["one", "D3", transitions(t("m", "B", "A"))],
      ["two", "D1", same], // the same triples in another mechanism: no repetition
    ]));
    expect(q.mechanisms).toEqual([
      { mechanism: "one", tasks: 4, distinct_answers: 2, repeated: 3, shared_across_levels: 3 },
      { mechanism: "two", tasks: 1, distinct_answers: 1, repeated: 0, shared_across_levels: 0 },
    ]);
    expect(q.levels.map((l) => [l.level, l.tasks, l.repeated, l.shared_across_levels])).toEqual([["D1", 3, 2, 2], ["D2", 0, 0, 0], ["D3", 2, 1, 1], ["D4", 0, 0, 0]]);
    expect(q.total).toEqual({ tasks: 5, distinct_answers: 3, repeated: 3, shared_across_levels: 3 });
  });

  it("two tasks of one level sharing an answer are repeated but not shared across levels", () => {
    const same = transitions(t("m", "A", "B"));
    expect(transitionMeasures(records("transition", [["one", "D2", same], ["one", "D2", same]])).total).toEqual({ tasks: 2, distinct_answers: 1, repeated: 2, shared_across_levels: 0 });
  });
});

describe("necessity: answer patterns", () => {
  it("tasks per label string, most frequent first, and the share the most common answers", () => {
    const q = necessityMeasures(records("necessity", [
      ["one", "D1", { necessity_labels: "NUNU" }],
      ["one", "D1", { necessity_labels: "NUNU" }],
      ["two", "D1", { necessity_labels: "UUNN" }],
      ["two", "D2", { necessity_labels: "NNUU" }],
    ]));
    expect(q.levels[0]).toEqual({ level: "D1", tasks: 3, patterns: [{ labels: "NUNU", tasks: 2 }, { labels: "UUNN", tasks: 1 }], most_common_share: 2 / 3 });
    expect(q.levels[2]).toEqual({ level: "D3", tasks: 0, patterns: [], most_common_share: 0 });
    expect(q.total.patterns.map((p) => p.labels)).toEqual(["NUNU", "NNUU", "UUNN"]); // ties in string order
  });
});
