import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { ModelLaw } from "../../model/model.ts";
import { mechanism, smallBenchmark } from "../generate.test_support.ts";
import { bruteForceSupport, LocalSupport } from "./local_support.ts";
import { replay, STEPS_PER_TRACE, TRACES, traceFaithfulness, TraceFaithfulnessAnswer } from "./trace_faithfulness.ts";
import { cellByName, variableByName } from "./audit_names.ts";
import { LEVELS } from "../family.ts";
import { compile } from "../../compile/compile.ts";

const m = mechanism("thermal_two_masses");
const law = (id: string): ModelLaw => m.laws.find((l) => l.id === id)!;
const v = (name: string) => variableByName(m, name);
const cells = (name: string, ...names: string[]) => names.map((n) => cellByName(m, v(name), n));
const ALL = ["negative", "zero", "positive"];
const domains = () => m.variables.map((x) => x.cells.map((_, i) => i));

describe("Support(c, D, v), hand-derived on thermal_two_masses", () => {
  const local = new LocalSupport(m);
  it("Q_flow = G·dT with G > 0 and dT > 0 supports only Q_flow > 0; with dT unknown every cell", () => {
    const d = domains();
    d[v("conduction.G")] = cells("conduction.G", "positive");
    d[v("conduction.dT")] = cells("conduction.dT", "positive");
    expect(local.support(law("conduction.conduction"), d, v("conduction.Q_flow"))).toEqual(cells("conduction.Q_flow", "positive"));
    d[v("conduction.dT")] = cells("conduction.dT", ...ALL);
    expect(local.support(law("conduction.conduction"), d, v("conduction.Q_flow"))).toEqual(cells("conduction.Q_flow", ...ALL));
  });
  it("a one-term law supports only zero; a law without the target supports nothing", () => {
    const d = domains();
    expect(local.support(law("Tsensor1.no_heat_drawn"), d, v("Tsensor1.port.Q_flow"))).toEqual(cells("Tsensor1.port.Q_flow", "zero"));
    expect(local.support(law("Tsensor1.no_heat_drawn"), d, v("conduction.Q_flow"))).toEqual([]);
  });
  it("support stays inside the current domain: the target's removed cells never come back", () => {
    const d = domains();
    d[v("conduction.Q_flow")] = cells("conduction.Q_flow", "negative", "zero");
    expect(local.support(law("conduction.conduction"), d, v("conduction.Q_flow"))).toEqual(cells("conduction.Q_flow", "negative", "zero"));
  });
  it("the solver-based support equals brute-force enumeration on random domains of every law", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: m.laws.length - 1 }), fc.array(fc.integer({ min: 1, max: 7 }), { minLength: m.variables.length, maxLength: m.variables.length }), fc.nat(), (li, masks, pick) => {
        const l = m.laws[li];
        const d = masks.map((mask, i) => m.variables[i].cells.map((_, c) => c).filter((c) => (mask >> c) & 1));
        const vars = [...new Set(l.terms.flatMap((t) => t.factors.map((f) => f.var)))];
        const target = vars[pick % vars.length];
        expect(local.support(l, d, target)).toEqual(bruteForceSupport(m, l, d, target));
      }),
      { numRuns: 500, seed: 5 },
    );
  });
});

describe("Definition 9 replay, hand-derived", () => {
  // Context: G > 0, dT > 0, everything else open.
  const initial = domains();
  initial[v("conduction.G")] = cells("conduction.G", "positive");
  initial[v("conduction.dT")] = cells("conduction.dT", "positive");
  const Q = v("conduction.Q_flow"), Qa = v("conduction.port_a.Q_flow");
  const steps = [
    // 1 faithful: Q_flow narrowed to positive by conduction
    { target: Q, before: cells("conduction.Q_flow", ...ALL), after: cells("conduction.Q_flow", "positive"), law: law("conduction.conduction") },
    // 2 stale before-set: Q_flow is already {positive}
    { target: Q, before: cells("conduction.Q_flow", ...ALL), after: cells("conduction.Q_flow", "positive"), law: law("conduction.conduction") },
    // 3 wrong law: no_heat_drawn does not contain port_a.Q_flow
    { target: Qa, before: cells("conduction.port_a.Q_flow", ...ALL), after: cells("conduction.port_a.Q_flow", "positive"), law: law("Tsensor1.no_heat_drawn") },
    // 4 faithful although step 3 was not: port_a.Q_flow is {positive} now, flow_a keeps it
    { target: Qa, before: cells("conduction.port_a.Q_flow", "positive"), after: cells("conduction.port_a.Q_flow", "positive"), law: law("conduction.flow_a") },
    // 5 near miss: flow_b forces port_b.Q_flow negative, the step claims {negative, zero}
    { target: v("conduction.port_b.Q_flow"), before: cells("conduction.port_b.Q_flow", ...ALL), after: cells("conduction.port_b.Q_flow", "negative", "zero"), law: law("conduction.flow_b") },
    // 6 faithful: the before-set is step 5's displayed (too wide) after-set, and flow_b keeps only negative
    { target: v("conduction.port_b.Q_flow"), before: cells("conduction.port_b.Q_flow", "negative", "zero"), after: cells("conduction.port_b.Q_flow", "negative"), law: law("conduction.flow_b") },
  ];
  it("faithful, stale, wrong law, faithful after an unfaithful step, near miss, faithful: 3 unfaithful", () => {
    const local = new LocalSupport(m);
    const [verdicts] = replay([{ initial, steps }], (l, d, t) => local.support(l, d, t));
    expect(verdicts.map((x) => x.faithful)).toEqual([true, false, false, true, false, true]);
  });
  it("a second trace starts again from its own context", () => {
    const local = new LocalSupport(m);
    const verdicts = replay([{ initial, steps: steps.slice(0, 1) }, { initial, steps: steps.slice(0, 1) }], (l, d, t) => local.support(l, d, t));
    expect(verdicts.map((t) => t[0].faithful)).toEqual([true, true]);
  });
});

describe("trace faithfulness over generated tasks", () => {
  const g = smallBenchmark();
  const tf = g.tasks.map((t, i) => ({ t, s: g.solutions[i] })).filter((x) => x.t.family === "trace_faithfulness");

  it("fills every level of every small mechanism with Table 7's trace counts of six steps", () => {
    expect(tf).toHaveLength(4 * 4 * 4);
    for (const { t, s } of tf) {
      const audit = s.audit as { traces: { steps: unknown[] }[] };
      expect(audit.traces).toHaveLength(TRACES[t.level]);
      expect(audit.traces.every((x) => x.steps.length === STEPS_PER_TRACE)).toBe(true);
      expect(t.complexity).toBe(TRACES[t.level] * STEPS_PER_TRACE);
    }
    expect(new Set(tf.map((x) => x.t.level))).toEqual(new Set(LEVELS));
  });

  it("every step's supported set is re-derived by brute-force enumeration of the cited law's other variables", () => {
    let steps = 0;
    for (const { t, s } of tf) {
      const mm = mechanism(t.mechanism);
      const audit = s.audit as {
        contexts: { id: string; state: Record<string, string> }[];
        traces: { context: string; steps: { target: string; after: string[]; law: { id: string }; supported: string[]; faithful: boolean; before: string[]; current: string[] }[] }[];
      };
      for (const trace of audit.traces) {
        const ctx = audit.contexts.find((c) => c.id === trace.context)!;
        const d = compile(mm, ctx.state, undefined, [], { withoutScenario: true }).problem.variables.map((x) => [...x.domain]);
        for (const step of trace.steps) {
          const target = variableByName(mm, step.target);
          const cited = mm.laws.find((l) => l.id === step.law.id)!;
          const supported = bruteForceSupport(mm, cited, d, target).map((c) => mm.variables[target].cells[c]);
          expect(step.supported).toEqual(supported);
          expect(step.current).toEqual(d[target].map((c) => mm.variables[target].cells[c]));
          const faithful = JSON.stringify(step.before) === JSON.stringify(step.current) &&
            cited.terms.some((x) => x.factors.some((f) => f.var === target)) && JSON.stringify(step.after) === JSON.stringify(supported);
          expect(step.faithful).toBe(faithful);
          d[target] = step.after.map((c) => cellByName(mm, target, c));
          steps++;
        }
      }
      expect(traceFaithfulness.recheck(mm, s.audit)).toEqual(s.answer);
    }
    expect(steps).toBe(tf.reduce((n, x) => n + x.t.complexity, 0));
  });

  it("uses every kind of unfaithful step, and counts vary across tasks", () => {
    const kinds = new Set<string>();
    for (const { s } of tf) for (const t of (s.audit as { traces: { steps: { construction: string }[] }[] }).traces) for (const st of t.steps) kinds.add(st.construction);
    expect(kinds).toEqual(new Set(["faithful", "wrong_law", "before_mismatch", "near_miss"]));
    const counts = new Set(tf.map(({ s }) => TraceFaithfulnessAnswer.parse(s.answer).unfaithful_step_count));
    expect(counts.size).toBeGreaterThan(20);
  });
});
