import { describe, expect, it } from "vitest";
import { builtinLibrary, MECHANISM_FILES } from "../../catalog/mod.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import type { MechanismModel } from "../model/model.ts";
import { compile, compositeStates, countCompositeStates } from "../compile/compile.ts";
import { solve } from "../solve/solver.ts";
import { CHECKS, type CheckId, checkMechanism, checkSource, formatFinding, type MechanismReport } from "./catalog_check.ts";
import { DEAD_TRANSITION, GOOD, library, LONELY, NO_CONSISTENT, PROBE, RATE_KEYED, SPEED } from "./fixtures.test_support.ts";

const check = (id: CheckId, r: MechanismReport) => r.checks.find((c) => c.id === id)!;
const errors = (id: CheckId, r: MechanismReport) => check(id, r).errors.map((f) => f.message);
const warnings = (id: CheckId, r: MechanismReport) => check(id, r).warnings.map((f) => f.message);
const load = (f: { file: string; data: unknown }): MechanismModel => loadMechanism(f.data, f.file, library());
const run = (model: MechanismModel, data?: unknown) => checkMechanism(model, { library: library(), data });

describe("catalog checks on the real catalog", () => {
  const reports = new Map<string, MechanismReport>();
  const real = (id: string) => {
    const file = MECHANISM_FILES.find((f) => (f.data as { id: string }).id === id)!;
    if (!reports.has(id)) reports.set(id, checkSource(file, builtinLibrary()));
    return { file, r: reports.get(id)! };
  };
  for (const id of ["thermal_two_masses", "mechanics_damper"]) {
    it(`${id} passes every check, and the summary matches a direct solve`, () => {
      const { file, r } = real(id);
      expect(r.checks.filter((c) => c.status !== "passed").map((c) => [c.id, c.errors.map(formatFinding)])).toEqual([]);
      expect(r.ok).toBe(true);
      expect(r.passed).toBe(CHECKS.length);
      expect(r.failed).toBe(0);
      const model = loadMechanism(file.data, file.file, builtinLibrary());
      expect(r.compositeStates).toBe(countCompositeStates(model));
      expect(r.components).toBe(model.instances.length);
      // consistent states and exact interpretation totals, recounted independently
      for (const sc of model.scenarios) {
        let consistent = 0;
        let total = 0n;
        for (const s of compositeStates(model)) {
          const n = solve(compile(model, s, sc.id).problem).count;
          if (n > 0n) consistent++;
          total += n;
        }
        expect(r.scenarios.find((x) => x.id === sc.id)).toEqual({ id: sc.id, consistent, interpretations: total.toString() });
      }
    });
  }

  it("mechanics_damper: only mass1, braked by a damper alone, has transitions that never fire (warnings, not failures)", () => {
    // With v = 0 the damper force d·v_rel is zero, so m·a = 0: a mass held only by a
    // damper cannot start moving. mass2 and mass3 have springs that can push them.
    const { r } = real("mechanics_damper");
    for (const w of check("transitions", r).warnings) {
      expect(w.component).toBe("mass1");
      expect(w.message).toMatch(/^transition REST → MOVING_(POSITIVE|NEGATIVE) of mass1 \(translational\.Mass\) never fires in this mechanism/);
    }
  });
});

describe("catalog checks on hand-made mechanisms", () => {
  it("a well-formed two-tank mechanism passes, with hand-derived counts", () => {
    const r = checkSource(GOOD, library());
    expect(r.ok).toBe(true);
    expect(r.warnings).toBe(0);
    expect(r.checks.map((c) => c.status)).toEqual(CHECKS.map(() => "passed"));
    // consistent: (COOLING, HEATING), (STEADY, STEADY), (HEATING, COOLING), each with
    // every value forced; tank1 hotter leaves only the first.
    expect(r.scenarios).toEqual([
      { id: "base", consistent: 3, interpretations: "3" },
      { id: "hot1", consistent: 1, interpretations: "1" },
    ]);
    expect(r.compositeStates).toBe(9);
  });

  it("reports a transition whose guard contradicts its own source state as dead, with the type's file and path", () => {
    const r = checkSource(DEAD_TRANSITION, library());
    expect(r.ok).toBe(false);
    expect(check("transitions", r).status).toBe("failed");
    const [f, ...rest] = check("transitions", r).errors;
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      check: "transitions", severity: "error", mechanism: "dead_transition", component: "tank1", transition: "COOLING → STEADY", state: "COOLING",
      file: "test/lib.json", path: "$.types[1].transitions[1]",
    });
    expect(f.message).toBe(
      "transition COOLING → STEADY of tank1 (t.BadTank) is dead: in state COOLING the component's own laws and restrictions " +
        "exclude its source guard H− d1__T > 0, so it can never fire in any mechanism",
    );
    expect(formatFinding(f)).toMatch(/^dead_transition: transition COOLING → STEADY .* \[test\/lib\.json at \$\.types\[1\]\.transitions\[1\]\]$/);
    // tank2 (the good type) is fine; the other checks pass
    expect(r.checks.filter((c) => c.status === "failed").map((c) => c.id)).toEqual(["transitions"]);
  });

  it("warns about transitions that cannot happen in this mechanism although the component allows them", () => {
    const r = checkSource(LONELY, library());
    expect(r.ok).toBe(true);
    expect(r.scenarios).toEqual([{ id: "base", consistent: 1, interpretations: "1" }]); // STEADY only
    expect(warnings("transitions", r)).toEqual([
      "transition HEATING → STEADY of tank (t.Tank) never fires in this mechanism (without scenario restrictions): its source guard H− d1__T > 0 " +
      "is satisfiable for the component alone, but tank is in HEATING in no consistent composite state",
      "transition COOLING → STEADY of tank (t.Tank) never fires in this mechanism (without scenario restrictions): its source guard H− d1__T < 0 " +
      "is satisfiable for the component alone, but tank is in COOLING in no consistent composite state",
    ]);
  });

  it("warns about a transition keyed on a variable with no derivative (never an event: dead under the paper's Decl)", () => {
    const r = checkSource(RATE_KEYED, library());
    expect(r.ok).toBe(true);
    expect(warnings("transitions", r)).toEqual([
      "transition HEATING → STEADY of tank1 (t.RateKeyedTank) is keyed on d1__T, which has no derivative variable and so is never an event of a cause: " +
      "under the paper's edge rules (--rules paper) it never fires; key it on a quantity with a derivative",
      "transition COOLING → STEADY of tank1 (t.RateKeyedTank) is keyed on d1__T, which has no derivative variable and so is never an event of a cause: " +
      "under the paper's edge rules (--rules paper) it never fires; key it on a quantity with a derivative",
    ]);
  });

  it("decides a guard on two variables exactly, not per variable", () => {
    // probe.a = probe.b = src.y: with probe in LOW each of a > 0 and b < 0 is
    // possible (so the per-variable test passes), never both (the exact solve says so).
    const r = checkSource(PROBE, library());
    expect(warnings("transitions", r)).toEqual([
      "transition LOW → HIGH of probe (t.Probe) never fires in this mechanism (without scenario restrictions): its source guard H− a > 0, b < 0 " +
      "is satisfiable for the component alone, but in the only consistent composite state with probe in LOW, no interpretation satisfies all of a > 0, b < 0 at once",
    ]);
  });

  it("reports unsatisfiable scenarios: an emptied domain, a joint contradiction, a value no consistent state takes", () => {
    const r = checkSource(PROBE, library());
    // base: 2 states × src.y (3) × src.d1__y (3) × c.d1__y (3); c.y = k > 0
    expect(r.scenarios).toEqual([
      { id: "base", consistent: 2, interpretations: "54" },
      { id: "contradiction", consistent: 0, interpretations: "0" },
      { id: "joint", consistent: 0, interpretations: "0" },
      { id: "negative_constant", consistent: 0, interpretations: "0" },
      { id: "fine", consistent: 2, interpretations: "36" },
    ]);
    expect(errors("scenarios", r)).toEqual([
      "scenario contradiction leaves src.y no value: scenario contradiction context allows > 0; scenario contradiction restrict allows < 0",
      "scenario joint admits no consistent composite state although 2 are consistent without its restrictions: " +
      "each restricted variable can take its cells, but not all together",
      "scenario negative_constant admits no consistent composite state although 2 are consistent without its restrictions: " +
      "no consistent state has c.y < 0 (in the 2 consistent states it is only > 0)",
    ]);
    expect(check("scenarios", r).errors.map((f) => [f.scenario, f.file, f.path])).toEqual([
      ["contradiction", "test/probe.json", '$.scenarios[1].context["src.y"]'],
      ["joint", "test/probe.json", "$.scenarios[2]"],
      ["negative_constant", "test/probe.json", "$.scenarios[3]"],
    ]);
    expect(errors("consistent_states", r)).toEqual([
      "no composite state (of 2) has a nonempty relation under scenario contradiction",
      "no composite state (of 2) has a nonempty relation under scenario joint",
      "no composite state (of 2) has a nonempty relation under scenario negative_constant",
    ]);
    expect(r.failed).toBe(2);
  });

  it("reports a mechanism with no consistent composite state at all", () => {
    const r = checkSource(NO_CONSISTENT, library());
    expect(r.scenarios).toEqual([{ id: "base", consistent: 0, interpretations: "0" }]);
    expect(errors("consistent_states", r)).toEqual([
      "no composite state (of 1) has a nonempty relation under scenario base; none has one even without scenario restrictions",
    ]);
    expect(check("consistent_states", r).errors[0]).toMatchObject({ scenario: "base", file: "test/no_consistent.json", path: "$.scenarios[0]" });
    expect(errors("scenarios", r)).toEqual([]); // base has no restrictions to blame
  });

  it("reports a landmark space whose interval spans zero and skips the solver checks", () => {
    // The loader rejects such spaces; alter a resolved model to restate the check.
    const m = load(SPEED);
    const w = m.variables[m.variableIndex.get("wheel.w")!];
    w.cells = ["(-inf,v0)", "v0", "(v0,+inf)"];
    w.signs = [0, 1, 1];
    const r = run(m);
    expect(errors("quantity_spaces", r)).toEqual([
      "the quantity space of wheel.w ((-inf,v0), v0, (v0,+inf)) is not ordered: the interval (-inf,v0) has sign 0 but an open interval " +
      "spans zero only if it contains values of both signs; add a zero landmark",
    ]);
    expect(check("quantity_spaces", r).errors[0]).toMatchObject({ file: "test/lib.json", path: "$.types[6].spaces.s", variable: "wheel.w" });
    for (const id of ["scenarios", "consistent_states", "transitions"] as const) {
      expect(check(id, r)).toMatchObject({ status: "skipped", reason: "needs a well-formed model (quantity_spaces failed)" });
    }
  });

  it("reports a mechanism that does not load as a failed load check, every problem with its path", () => {
    const data = { ...(GOOD.data as object), connections: [["tank1.port", "link.a"]] };
    const r = checkSource({ file: "test/broken.json", data }, library());
    expect(r.ok).toBe(false);
    expect(check("load", r).errors.map(formatFinding)).toEqual([
      'good: port "tank2.port" is neither connected nor declared free [test/broken.json at $.free]',
      'good: port "link.b" is neither connected nor declared free [test/broken.json at $.free]',
    ]);
    expect(r.checks.filter((c) => c.status === "skipped").length).toBe(CHECKS.length - 1);
    expect(r.components).toBeNull();
  });
});

describe("structural checks restated on the resolved model", () => {
  it("a port missing from its node is neither connected nor free", () => {
    const m = load(GOOD);
    m.nodes[1].ports = m.nodes[1].ports.filter((p) => p !== "tank2.port");
    const r = run(m);
    expect(errors("ports", r)).toContain("port tank2.port of component tank2 (t.Tank) is neither connected nor declared free");
    expect(errors("ports", r)).toContain("port link.b is the only port of node 2: it is connected to nothing");
    expect(check("ports", r).errors.map((f) => f.path)).toEqual(["$.free", "$.connections"]); // no file data: no group index
  });

  it("a node without its flow-balance law does not conserve flow", () => {
    const m = load(GOOD);
    m.laws = m.laws.filter((l) => l.id !== "connect(tank1.port, link.a).Q_flow");
    const r = run(m, GOOD.data); // with the file's data, paths point at the connection group
    expect(errors("flow_balance", r)).toEqual([
      "node 1 (tank1.port, link.a) has no flow-balance law tank1.port.Q_flow + link.a.Q_flow = 0: flow is not conserved there",
    ]);
    expect(check("flow_balance", r).errors[0]).toMatchObject({ file: "test/good.json", path: "$.connections[0]" });
  });

  it("a node without an across equality is reported", () => {
    const m = load(GOOD);
    m.laws = m.laws.filter((l) => l.id !== "connect(tank2.port, link.b).d1__T");
    expect(errors("flow_balance", run(m))).toEqual(["node 2 (tank2.port, link.b): no connection law makes link.d1__b__T equal to tank2.d1__port__T"]);
  });

  it("a free port whose flow is not restricted to zero is reported", () => {
    const m = load(LONELY);
    m.restrictions = m.restrictions.filter((r) => r.source !== "free port tank.port" || m.variables[r.var].order > 0);
    expect(errors("ports", run(m))).toEqual(["free port tank.port: its flow tank.port.Q_flow is not restricted to zero"]);
  });

  it("a law naming another component's variable is reported, and the solver checks are skipped", () => {
    const m = load(GOOD);
    const law = m.laws.find((l) => l.id === "tank1.energy_balance")!;
    law.terms[1].factors[0].var = m.variableIndex.get("tank2.port.Q_flow")!;
    const r = run(m);
    expect(errors("law_variables", r)).toEqual(["law tank1.energy_balance of component tank1 names tank2.port.Q_flow, a variable of component tank2"]);
    expect(check("law_variables", r).errors[0]).toMatchObject({ file: "test/lib.json", path: "$.types[0].laws[1]", law: "tank1.energy_balance" });
    expect(check("transitions", r).status).toBe("skipped");
  });

  it("transitions, restrictions and scenarios naming missing states, variables or cells are reported", () => {
    const m = load(GOOD);
    m.transitions[0].from = "BOILING";
    m.transitions[1].target = [{ var: m.variableIndex.get("tank2.T")!, cells: [1] }];
    m.restrictions.find((r) => r.source === "state tank1.COOLING")!.cells = [7];
    m.scenarios[1].restrict[0].cells = [];
    const r = run(m);
    expect(errors("references", r)).toEqual([
      "restriction from state tank1.COOLING names cells #7 that tank1.d1__T does not have (it has negative, zero, positive)",
      "transition BOILING → STEADY of tank1 (t.Tank) names state BOILING, which the component does not have (it has COOLING, STEADY, HEATING)",
      "transition COOLING → STEADY of tank1: its target guard H+ names tank2.T, which is not a variable of tank1",
      "scenario hot1 restrict allows no cell of link.dT",
    ]);
    expect(check("references", r).errors[0]).toMatchObject({ file: "test/lib.json", path: "$.types[0].states[0].restrict.d1__T" });
    expect(check("references", r).errors[1]).toMatchObject({ file: "test/lib.json", path: "$.types[0].transitions[0]" });
  });

  it("quantity spaces out of order are reported", () => {
    const m = load(GOOD);
    const v = m.variables[m.variableIndex.get("link.dT")!];
    v.signs = [1, 0, -1];
    expect(errors("quantity_spaces", run(m))).toEqual([
      'the quantity space of link.dT (negative, zero, positive) is not ordered: cells are not in increasing order: "negative" (sign 1) comes before "zero" (sign 0)',
    ]);
  });
});
