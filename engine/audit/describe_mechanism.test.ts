import { describe, expect, it } from "vitest";
import { loadMechanism } from "../model/load_mechanism.ts";
import { describeMechanism, formatCells, formatLaw, formatTerms, formatTransition, mechanismListing, portOf } from "./describe_mechanism.ts";
import { GOOD, library, LONELY, PROBE, SPEED } from "./fixtures.test_support.ts";

const load = (f: { file: string; data: unknown }) => loadMechanism(f.data, f.file, library());

describe("algebraic notation", () => {
  const m = load(GOOD);
  const law = (id: string) => formatLaw(m, m.laws.find((l) => l.id === id)!);
  const v = (name: string) => m.variableIndex.get(name)!;

  it("writes component laws with local names and connection laws with qualified ones", () => {
    expect(law("tank1.energy_balance")).toBe("tank1.energy_balance: C·d1__T − port.Q_flow = 0");
    expect(law("link.temperature_drop")).toBe("link.temperature_drop: dT − a.T + b.T = 0");
    expect(law("link.conduction.d1")).toBe("link.conduction.d1: d1__Q_flow − G·d1__dT = 0");
    expect(law("connect(tank1.port, link.a).Q_flow")).toBe("connect(tank1.port, link.a).Q_flow: tank1.port.Q_flow + link.a.Q_flow = 0");
    expect(law("connect(tank1.port, link.a).T")).toBe("connect(tank1.port, link.a).T: tank1.port.T − link.a.T = 0");
  });

  it("writes a leading minus, exponents as superscripts, and names other instances' variables in full", () => {
    const terms = [
      { coef: -1 as const, factors: [{ var: v("tank1.T"), exp: 2 }, { var: v("tank1.C"), exp: 1 }] },
      { coef: 1 as const, factors: [{ var: v("tank2.T"), exp: 12 }] },
    ];
    expect(formatTerms(m, terms, "tank1")).toBe("−T²·C + tank2.T¹² = 0");
    expect(formatTerms(m, terms)).toBe("−tank1.T²·tank1.C + tank2.T¹² = 0");
  });

  it("writes allowed cells as sign relations, or as a set for landmark spaces", () => {
    const dT = m.variables[v("link.dT")];
    expect([[0], [1], [2], [0, 1], [1, 2], [0, 2], [0, 1, 2]].map((c) => formatCells(dT, c))).toEqual(
      ["< 0", "= 0", "> 0", "≤ 0", "≥ 0", "≠ 0", "any sign"],
    );
    const s = load(SPEED);
    expect(formatCells(s.variables[s.variableIndex.get("wheel.w")!], [0, 1])).toBe("∈ {(-inf,zero), zero}");
  });

  it("writes transitions with the event coordinate and both guards", () => {
    expect(formatTransition(m, m.transitions[0])).toBe("HEATING → STEADY on port.Q_flow; H− d1__T > 0; H+ d1__T = 0");
    const p = load(PROBE);
    expect(formatTransition(p, p.transitions[0])).toBe("LOW → HIGH on a; H− a > 0, b < 0; H+ (none)");
  });

  it("finds the port of a port variable and its derivatives", () => {
    expect(portOf(m, v("tank1.d1__port__Q_flow"))).toBe("tank1.port");
    expect(portOf(m, v("link.b.T"))).toBe("link.b");
    expect(portOf(m, v("link.dT"))).toBe("");
    const p = load(PROBE);
    expect(portOf(p, p.variableIndex.get("probe.d1__a")!)).toBe("probe.a");
  });
});

describe("describeMechanism", () => {
  it("lists components, laws, states, transitions, nodes and scenarios", () => {
    const lines = describeMechanism(load(GOOD), library());
    expect(lines.slice(0, 4)).toEqual([
      "good",
      "  provenance: hand-made",
      "  file: test/good.json",
      `  3 components, ${load(GOOD).variables.length} variables, ${load(GOOD).laws.length} laws, 9 composite states, 2 scenarios`,
    ]);
    const at = (line: string) => {
      const i = lines.indexOf(line);
      expect(i, line).toBeGreaterThanOrEqual(0);
      return i;
    };
    const tank1 = at("  tank1: t.Tank");
    expect(lines.slice(tank1 + 1, tank1 + 18)).toEqual([
      "    parameters: C > 0",
      "    ports: port (thermal, node 1)",
      "    always: T > 0",
      "    laws:",
      "      tank1.port_temperature: T − port.T = 0",
      "      tank1.port_temperature.d1: d1__T − d1__port__T = 0",
      "      tank1.energy_balance: C·d1__T − port.Q_flow = 0",
      "    states:",
      "      COOLING: d1__T < 0",
      "      STEADY: d1__T = 0",
      "      HEATING: d1__T > 0 — heat flows in",
      "    transitions:",
      "      HEATING → STEADY on port.Q_flow; H− d1__T > 0; H+ d1__T = 0",
      "      COOLING → STEADY on port.Q_flow; H− d1__T < 0; H+ d1__T = 0",
      "  tank2: t.Tank",
      "    parameters: C > 0",
      "    ports: port (thermal, node 2)",
    ]);
    expect(at("  link: t.Link")).toBeGreaterThan(tank1);
    expect(lines).toContain("    state: unconditional");
    const node = at("  node 1 (thermal): tank1.port, link.a");
    expect(lines.slice(node + 1, node + 5)).toEqual([
      "    connect(tank1.port, link.a).T: tank1.port.T − link.a.T = 0",
      "    connect(tank1.port, link.a).d1__T: tank1.d1__port__T − link.d1__a__T = 0",
      "    connect(tank1.port, link.a).Q_flow: tank1.port.Q_flow + link.a.Q_flow = 0",
      "    connect(tank1.port, link.a).d1__Q_flow: tank1.d1__port__Q_flow + link.d1__a__Q_flow = 0",
    ]);
    expect(lines.slice(at("Scenarios"))).toEqual(["Scenarios", "  base: No restrictions.", "  hot1: tank1 is hotter.", "    restrict: link.dT > 0"]);
  });

  it("marks free ports and scenario context", () => {
    const lines = describeMechanism(load(LONELY), library());
    expect(lines).toContain("    ports: port (thermal, free)");
    expect(lines).toContain("  free (zero flow): tank.port");
    const p = describeMechanism(load(PROBE), library());
    expect(p).toContain("  contradiction");
    expect(p).toContain("    context: src.y > 0");
    expect(p).toContain("    restrict: src.y < 0");
    expect(p).toContain("    restrict: probe.a > 0, probe.b < 0");
  });

  it("describes landmark spaces", () => {
    expect(describeMechanism(load(SPEED), library())).toContain("    space of w: (-inf,zero) < zero < (zero,v0) < v0 < (v0,+inf)");
  });

  it("lists a mechanism's id, provenance, components, composite states and scenarios", () => {
    expect(mechanismListing(load(GOOD))).toEqual({ id: "good", provenance: "hand-made", components: 3, compositeStates: 9, scenarios: ["base", "hot1"] });
  });
});
