import { describe, expect, it } from "vitest";
import { majorityBaseline } from "./baselines.ts";
import { judge } from "./outcome.ts";
import { smallBenchmark } from "../tasks/generate.test_support.ts";

describe("the majority/constant baseline", () => {
  const g = smallBenchmark({ ids: ["thermal_three_node_chain", "electrical_resistor"], perLevel: 2 });
  const items = g.tasks.map((t, i) => ({ task_id: t.task_id, family: t.family, answer: g.solutions[i].answer }));
  const answers = majorityBaseline(items);
  const scored = items.map((it, i) => ({
    family: it.family,
    j: judge(it.family, JSON.stringify({ answer: answers.get(it.task_id) }), it.answer, {
      candidates: ((g.solutions[i].audit as { rows?: { id: string }[] }).rows ?? []).map((r) => r.id),
    }),
  }));
  const of = (f: string) => scored.filter((s) => s.family === f);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

  it("is always accepted by the normalizers (a floor, not a protocol failure)", () => {
    expect(scored.every((s) => s.j.outcome !== "protocol")).toBe(true);
  });
  it("scores 0 % on balanced label tasks, with exactly half the characters right (16 P/16 I, 2 N/2 U)", () => {
    for (const f of ["plausibility", "necessity"]) {
      expect(of(f).every((s) => s.j.outcome === "semantic")).toBe(true);
      expect(mean(of(f).map((s) => s.j.component))).toBeCloseTo(0.5);
    }
  });
  it("never solves a state-consistency task (each has a consistent pair) nor a transition task (never empty)", () => {
    expect(of("state_consistency").every((s) => s.j.outcome === "semantic" && s.j.component < 1)).toBe(true);
    expect(of("transition").every((s) => s.j.outcome === "semantic" && s.j.component === 0)).toBe(true);
  });
});
