// Transitions on hand-built cases: the horizon follows the level (Table 7's 1, 1, 2, 2),
// the level check refuses a scalar at the other horizon, the prompt's edge set is the one
// reach() builds (an episode reached after one and after two edges keeps its edges), and
// no two tasks of one pool share an answer.
import { describe, expect, it } from "vitest";
import { mechanism, smallBenchmark } from "../generate.test_support.ts";
import { SemanticObjects } from "../semantic_objects.ts";
import { canonicalJson } from "../../files/canonical_json.ts";
import { type Level, LEVELS } from "../family.ts";
import { BANDS, HORIZON_OF, levelAt, transition } from "./transition.ts";
import { horizonEdgesText } from "../render/horizon_text.ts";
import type { TaskGraph } from "./episode_common.ts";

describe("the horizon follows the level", () => {
  it("levels at horizon 1 are D1 and D2 only, at horizon 2 D3 and D4 only", () => {
    expect(LEVELS.map((l) => HORIZON_OF[l])).toEqual([1, 1, 2, 2]);
    expect([levelAt(1, 1), levelAt(9, 1), levelAt(10, 1), levelAt(99, 1), levelAt(100, 1), levelAt(5000, 1)]).toEqual(["D1", "D1", "D2", "D2", null, null]);
    expect([levelAt(9, 2), levelAt(99, 2), levelAt(100, 2), levelAt(999, 2), levelAt(1000, 2)]).toEqual([null, null, "D3", "D3", "D4"]);
    expect(levelAt(0, 1)).toBeNull();
  });

  it("the verifier's level check reads the horizon from the audit: the same scalar at the other horizon has no level", () => {
    const z = new SemanticObjects(mechanism("thermal_three_node_chain"), "transition-test");
    const seen = new Set<number>();
    for (const c of transition.candidates(z, "transition-test", () => true)) {
      const audit = c.query().audit as { graph: TaskGraph };
      const h = audit.graph.horizon;
      if (seen.has(h)) continue;
      seen.add(h);
      expect(transition.levelOf(c.complexity, audit)).toBe(c.level);
      expect(transition.levelOf(c.complexity, { ...audit, graph: { ...audit.graph, horizon: 3 - h } })).toBeNull();
      if (seen.size === 2) break;
    }
    expect([...seen].sort()).toEqual([1, 2]);
    expect(transition.bands).toEqual({ D1: "1-9 at horizon 1", D2: "10-99 at horizon 1", D3: "100-999 at horizon 2", D4: ">= 1000 at horizon 2" });
  });

  it("every candidate of a mechanism has its level's horizon, and a horizon's graph is built only while one of its levels has room", () => {
    const m = mechanism("thermal_three_node_chain");
    const z = new SemanticObjects(m, "transition-test");
    let n = 0;
    for (const c of transition.candidates(z, "transition-test", () => true)) {
      const { graph } = c.query().audit as { graph: TaskGraph };
      expect(c.level).not.toBeNull();
      expect(graph.horizon).toBe(HORIZON_OF[c.level as Level]);
      expect(transition.levelOf(c.complexity, c.query().audit)).toBe(c.level);
      if (++n >= 12) break;
    }
    expect(n).toBe(12);
    const onlyHigh = [...transition.candidates(z, "transition-test", (l) => l === "D3" || l === "D4")].slice(0, 12);
    expect(onlyHigh.length).toBeGreaterThan(0);
    for (const c of onlyHigh) expect((c.query().audit as { graph: TaskGraph }).graph.horizon).toBe(2);
  });
});

describe("the prompt's edge set", () => {
  it("says which edges count without the word depth", () => {
    expect(horizonEdgesText(1)).toBe("the edges out of the initial episode, and no other edge");
    expect(horizonEdgesText(2)).toBe("the edges out of the initial episode and the edges out of every episode that one of those edges reaches, and no other edge");
  });

  it("is the audited graph's: at horizon 2 every edge leaves the initial episode or a target of one of its edges", () => {
    const g = smallBenchmark({ families: [transition] });
    const tasks = g.tasks.map((t, i) => ({ t, s: g.solutions[i] })).filter((x) => x.t.family === "transition" && x.t.level >= "D3");
    expect(tasks.length).toBeGreaterThan(0);
    for (const { s } of tasks) {
      const graph = (s.audit as { graph: TaskGraph }).graph;
      expect(graph.horizon).toBe(2);
      const x0 = graph.initial[0];
      const first = new Set(graph.edges.filter((e) => e.source === x0).map((e) => e.target));
      expect(graph.edges.every((e) => e.source === x0 || first.has(e.source))).toBe(true);
    }
  });
});

describe("answers are distinct within a mechanism", () => {
  it("no two retained transition tasks of one mechanism share an answer", () => {
    const g = smallBenchmark({ families: [transition] });
    const byMechanism = new Map<string, string[]>();
    g.tasks.forEach((t, i) => {
      if (t.family !== "transition") return;
      byMechanism.set(t.mechanism, [...(byMechanism.get(t.mechanism) ?? []), canonicalJson(g.solutions[i].answer)]);
    });
    expect(byMechanism.size).toBeGreaterThan(0);
    for (const answers of byMechanism.values()) expect(new Set(answers).size).toBe(answers.length);
    expect(transition.distinctAnswers).toBe(true);
  });
});
