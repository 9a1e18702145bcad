// The structural checks, restated on resolved models altered by hand (the loader rejects
// such files, so the models are broken after loading).
import { describe, expect, it } from "vitest";
import { check, errors, load, run } from "./check_report.test_support.ts";
import { GOOD, LONELY, SPEED } from "./fixtures.test_support.ts";

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
});
