import { describe, expect, it } from "vitest";
import { compile, stateLabel } from "../../compile/compile.ts";
import { referenceSolve } from "../../solve/reference.ts";
import { SemanticObjects } from "../semantic_objects.ts";
import { mechanism, smallBenchmark } from "../generate.test_support.ts";
import { casePool, rowWeights, stateConsistency, stateConsistencyCandidate, StateConsistencyAnswer, StateConsistencyAudit } from "./state_consistency.ts";
import { cellByName, variableByName } from "./audit_names.ts";

describe("state consistency, hand-derived (thermal_two_masses)", () => {
  const m = mechanism("thermal_two_masses");
  const z = new SemanticObjects(m);
  const row = (label: string) => z.states.findIndex((s) => stateLabel(m, s) === label);
  const dT = variableByName(m, "conduction.dT");
  // mass1 | mass2 | conduction
  const rows = ["HEATING|COOLING|REVERSE_HEAT_FLOW", "COOLING|HEATING|FORWARD_HEAT_FLOW", "STEADY|STEADY|NO_HEAT_FLOW", "HEATING|HEATING|FORWARD_HEAT_FLOW"].map(row);
  const cases = [
    { id: "C1", restrictions: [{ var: dT, cells: [cellByName(m, dT, "positive")] }] },
    { id: "base", restrictions: [] },
  ];
  const c = stateConsistencyCandidate(z, rows, cases);
  const gold = c.query();

  it("heat flows from the hotter mass: with mass1 hotter (dT > 0) only COOLING|HEATING|FORWARD is consistent; with no case, the three balanced rows are", () => {
    // dT > 0 gives Q_flow = G·dT > 0 (forward), mass1 loses heat (cooling), mass2 gains it (heating).
    // Both masses heating would need heat from nowhere: the node balances make it inconsistent.
    expect(gold.answer).toEqual({
      case_results: {
        C1: { consistent_count: 1, consistent_ids: ["S002"] },
        base: { consistent_count: 3, consistent_ids: ["S001", "S002", "S003"] },
      },
    });
  });

  it("complexity is Σ over row–case pairs of active laws + state restrictions + case restrictions", () => {
    // 34 laws in every state, 3 state restrictions per row (one per multi-state component)
    expect(rows.map((s) => rowWeights(m, z.states[s]))).toEqual(rows.map(() => ({ laws: 34, restrictions: 3 })));
    expect(c.complexity).toBe(4 * (34 + 3 + 1) + 4 * (34 + 3 + 0));
  });

  it("the prompt shows the rows, the cases and the exact answer shape, and not the gold", () => {
    const body = c.render();
    expect(body).toContain("S002: COOLING|HEATING|FORWARD_HEAT_FLOW");
    expect(body).toContain("C1: conduction.dT in {positive}");
    expect(body).toContain("base: no additional restrictions");
    expect(body).toContain("- conduction.conduction: +conduction.Q_flow -conduction.G*conduction.dT = 0");
    expect(body).toContain('{"answer":{"case_results":{"C1":{"consistent_count":0,"consistent_ids":[]},"base":{"consistent_count":0,"consistent_ids":[]}}}}');
    expect(body).not.toContain('"consistent_ids":["S002"]');
  });

  it("the audit's pair counts and problems are those of the compiled (row, case) problem", () => {
    const audit = StateConsistencyAudit.parse(gold.audit);
    expect(audit.pairs).toHaveLength(8);
    const p = audit.pairs.find((x) => x.row === "S002" && x.case === "C1")!;
    expect(p).toMatchObject({ count: "1", consistent: true, active_confluences: 34, state_restrictions: 3, case_restrictions: 1 });
    expect(gold.exhibits!.some((e) => e.ref === p.problem && e.problem.confluences.length === 34)).toBe(true);
    expect(stateConsistency.recheck(m, gold.audit)).toEqual(gold.answer);
  });

  it("valid refuses a candidate whose pairs all share one label", () => {
    const allNo = stateConsistencyCandidate(z, [row("HEATING|HEATING|FORWARD_HEAT_FLOW")], [{ id: "base", restrictions: [] }]);
    expect(stateConsistency.valid(allNo.query(), allNo.render())).toBe("no row is consistent in any case");
    expect(stateConsistency.valid(gold, c.render())).toBeNull();
  });

  it("the case pool: catalog scenarios with restrictions first, then each cell of each state variable", () => {
    const pool = casePool(m);
    expect(pool[0]).toEqual([{ var: dT, cells: [cellByName(m, dT, "positive")] }]);
    expect(pool[1]).toEqual([{ var: dT, cells: [cellByName(m, dT, "zero")] }]);
    // state variables: mass1.d1__T, mass2.d1__T, conduction.Q_flow, three cells each
    expect(pool).toHaveLength(2 + 9);
  });
});

describe("state consistency over generated tasks", () => {
  const g = smallBenchmark();
  const sc = g.tasks.map((t, i) => ({ t, s: g.solutions[i] })).filter((x) => x.t.family === "state_consistency");

  it("produces tasks for every small mechanism, each with both labels", () => {
    expect(new Set(sc.map((x) => x.t.mechanism)).size).toBe(4);
    for (const { s } of sc) expect(stateConsistency.valid({ answer: s.answer, audit: s.audit }, "")).toBeNull();
  });

  it("every candidate–case pair's count and label agree with the enumerating reference solver", () => {
    let pairs = 0;
    for (const { t, s } of sc) {
      const m = mechanism(t.mechanism);
      const audit = StateConsistencyAudit.parse(s.audit);
      const answer = StateConsistencyAnswer.parse(s.answer);
      for (const c of audit.cases) {
        const extra = c.restrictions.map((r) => {
          const v = variableByName(m, r.var);
          return { var: v, cells: r.cells.map((x) => cellByName(m, v, x)), source: "case" };
        });
        for (const row of audit.rows) {
          const ref = referenceSolve(compile(m, row.state, undefined, extra, { withoutScenario: true }).problem);
          const pair = audit.pairs.find((p) => p.row === row.id && p.case === c.id)!;
          expect(pair.count).toBe(String(ref.count));
          expect(answer.case_results[c.id].consistent_ids.includes(row.id)).toBe(ref.count > 0n);
          pairs++;
        }
      }
    }
    expect(pairs).toBeGreaterThan(500);
  });

  it("complexity is recomputed from the audit: Σ (L + R + A) over its pairs", () => {
    for (const { t, s } of sc) {
      const audit = StateConsistencyAudit.parse(s.audit);
      expect(audit.pairs.reduce((n, p) => n + p.active_confluences + p.state_restrictions + p.case_restrictions, 0)).toBe(t.complexity);
    }
  });

  it("ids are sorted by number and counts match them", () => {
    for (const { s } of sc) {
      for (const r of Object.values(StateConsistencyAnswer.parse(s.answer).case_results)) {
        expect(r.consistent_count).toBe(r.consistent_ids.length);
        expect([...r.consistent_ids].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))).toEqual(r.consistent_ids);
      }
    }
  });
});
