// The assembled report on a small generated benchmark, under both profiles: every task
// counted once, the plausibility evidence partitioning the I labels, and the local labels
// equal to those of the plainly listed universes.
import { describe, expect, it } from "vitest";
import { smallBenchmark } from "../generate.test_support.ts";
import { familyById } from "../families/mod.ts";
import type { TaskFamily } from "../family.ts";
import { PlausibilityRead } from "./audit_shapes.ts";
import { familyItems } from "./items.ts";
import { measurePlausibility } from "./plausibility.ts";
import { Universes } from "./universe.ts";
import { QualityReport, qualityReport } from "./report.ts";
import { qualityLines } from "./report_text.ts";
import { type ListedEpisode, listedAdmits, listUniverse, model } from "./quality.test_support.ts";

const families = ["plausibility", "necessity", "transition", "functional_recovery"].map((id) => familyById(id) as TaskFamily);

describe.each(["sound", "paper"] as const)("the shortcut measures of a small generated benchmark (%s profile)", (rules) => {
  const g = smallBenchmark({ families, rules, perLevel: 2 });
  const q = qualityReport(g, model);

  it("is a valid report that counts each task of the four families once, in its level and its mechanism", () => {
    expect(QualityReport.parse(q)).toEqual(q);
    for (const family of ["plausibility", "functional_recovery", "transition", "necessity"] as const) {
      const n = g.tasks.filter((t) => t.family === family).length;
      expect(q[family].total.tasks).toBe(n);
      expect(q[family].levels.reduce((k, l) => k + l.tasks, 0)).toBe(n);
      expect(q[family].mechanisms.reduce((k, l) => k + l.tasks, 0)).toBe(n);
    }
    expect(q.plausibility.total.tasks).toBeGreaterThan(0);
    expect(q.goals.map((x) => x.id)).toEqual(["functional_recovery_vacuous", "plausibility_local_share", "plausibility_solved_locally", "functional_recovery_outcome_only", "transition_repeated"]);
  });

  it("plausibility: every I label has exactly one kind of evidence, and the graph witnesses none", () => {
    const p = q.plausibility.total;
    expect(p.local + p.layer + p.path + p.witnessed).toBe(p.implausible);
    expect(p.witnessed).toBe(0);
    expect(p.implausible).toBe(16 * p.tasks);
  });

  it("plausibility: the local labels are those of the plainly listed universe", () => {
    const listed = new Map<string, ListedEpisode[]>();
    const universes = new Universes();
    for (const item of familyItems(g, "plausibility", PlausibilityRead)) {
      const m = model(item.mechanism);
      const graph = item.read.audit.graph;
      const key = `${item.mechanism}|${graph.scenario}`;
      if (!listed.has(key)) listed.set(key, listUniverse(m, graph.scenario, rules === "paper"));
      const facts = (c: { var: string; cell: string }[]) => c.map((f) => ({ var: m.variableIndex.get(f.var)!, cell: m.variables[m.variableIndex.get(f.var)!].cells.indexOf(f.cell) }));
      const plain = item.read.audit.narratives.map((n) => (n.checkpoints.some((c) => !listedAdmits(listed.get(key)!, facts(c))) ? "I" : "P")).join("");
      expect(measurePlausibility(m, universes, item).local).toBe(plain);
    }
  });

  it("prints one table per family and the goals", () => {
    const text = qualityLines(q);
    for (const head of ["plausibility: ", "functional recovery: ", "transition: ", "necessity: ", "| goal | value | met |"]) expect(text.some((l) => l.startsWith(head))).toBe(true);
    expect(text).toContain(`| all | ${q.plausibility.total.tasks} | ${q.plausibility.total.implausible} | ${q.plausibility.total.local} | ${Math.round((100 * q.plausibility.total.local) / q.plausibility.total.implausible)} % | ${q.plausibility.total.layer} | ${q.plausibility.total.path} | 0 | ${q.plausibility.total.solved_locally} of ${q.plausibility.total.tasks} |`);
  });
});
