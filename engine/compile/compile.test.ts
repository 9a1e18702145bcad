import { describe, expect, it } from "vitest";
import { builtinLibrary, builtinMechanism } from "../../catalog/mod.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { compile, CompileError, compositeStates, countCompositeStates, stateLabel } from "./compile.ts";
import { Problem } from "./problem.ts";

const m = builtinMechanism("thermal_two_masses")!;

describe("composite states", () => {
  it("enumerates S in lexicographic order over multi-state components", () => {
    const all = [...compositeStates(m)].map((s) => stateLabel(m, s));
    expect(all.length).toBe(countCompositeStates(m));
    expect(all.slice(0, 4)).toEqual([
      "COOLING|COOLING|REVERSE_HEAT_FLOW",
      "COOLING|COOLING|NO_HEAT_FLOW",
      "COOLING|COOLING|FORWARD_HEAT_FLOW",
      "COOLING|STEADY|REVERSE_HEAT_FLOW",
    ]);
  });
  it("single-state components take `unconditional`", () => {
    expect([...compositeStates(m)][0].Tsensor1).toBe("unconditional");
  });
});

describe("compile (s, r)", () => {
  const s = { mass1: "COOLING", mass2: "HEATING", conduction: "FORWARD_HEAT_FLOW", Tsensor1: "unconditional", Tsensor2: "unconditional" };
  it("restricts domains by parameters, type and state restrictions and the scenario, with evidence", () => {
    const { problem, evidence } = compile(m, s, "mass1_hotter");
    expect(Problem.safeParse(problem).success).toBe(true);
    const dom = (name: string) => {
      const v = problem.variables.find((x) => x.name === name)!;
      return v.domain.map((c) => v.cells[c]);
    };
    expect(dom("conduction.G")).toEqual(["positive"]);
    expect(dom("mass1.T")).toEqual(["positive"]);
    expect(dom("mass1.d1__T")).toEqual(["negative"]);
    expect(dom("conduction.dT")).toEqual(["positive"]);
    expect(dom("conduction.Q_flow")).toEqual(["positive"]);
    expect(evidence).toContainEqual({ var: m.variableIndex.get("conduction.dT")!, cell: 0, source: "scenario mass1_hotter restrict" });
    expect(evidence).toContainEqual({ var: m.variableIndex.get("mass1.d1__T")!, cell: 2, source: "state mass1.COOLING" });
  });
  it("applies a caller's extra restrictions after the scenario's, with their evidence", () => {
    const dT = m.variableIndex.get("conduction.d1__dT")!;
    const { problem, evidence } = compile(m, s, "mass1_hotter", [{ var: dT, cells: [1, 2], source: "observation" }]);
    expect(problem.variables[dT].domain).toEqual([1, 2]);
    expect(evidence).toContainEqual({ var: dT, cell: 0, source: "observation" });
  });
  it("activates exactly the laws of the selected states plus connection laws", () => {
    const { problem } = compile(m, s);
    expect(problem.confluences.length).toBe(m.laws.length); // no state-dependent laws in this mechanism
    expect(problem.confluences.map((c) => c.id)).toContain("Tsensor2.no_heat_drawn.d1");
  });
  it("rejects incomplete states and unknown scenarios", () => {
    expect(() => compile(m, { mass1: "COOLING" })).toThrow(/gives no state for mass2, conduction, Tsensor1, Tsensor2/);
    expect(() => compile(m, s, "hot")).toThrow(CompileError);
  });
  it("zeroes the flow of a free port (and its derivatives) and applies state-dependent laws", () => {
    const lib = builtinLibrary();
    lib.set("test.Switch", {
      file: "test", index: 0,
      table: {
        ...lib.get("thermal.TemperatureSensor")!.table,
        states: ["OPEN", "CLOSED"],
        laws: [{ id: "closed_law", state: "CLOSED", terms: [{ coef: 1, factors: [{ var: "T", exp: 1 }] }], derivativeOf: null }],
      },
    });
    try {
      const mech = loadMechanism({
        id: "free_port", components: [{ name: "sw", type: "test.Switch" }], free: ["sw.port"], scenarios: [{ id: "base" }],
      }, "t.json", lib);
      const open = compile(mech, { sw: "OPEN" }).problem;
      const closed = compile(mech, { sw: "CLOSED" }).problem;
      const v = open.variables.find((x) => x.name === "sw.d1__port__Q_flow")!;
      expect(v.domain).toEqual([1]);
      expect(open.confluences.map((c) => c.id)).not.toContain("sw.closed_law");
      expect(closed.confluences.map((c) => c.id)).toContain("sw.closed_law");
    } finally {
      lib.delete("test.Switch");
    }
  });
});

describe("mechanics_damper (hand-derived)", () => {
  const d = builtinMechanism("mechanics_damper")!;
  it("with every mass moving toward the wall, only the compressed-damper state is consistent and each mass decelerates", async () => {
    const { solve } = await import("../solve/solver.ts");
    const consistent = [...compositeStates(d)].filter((s) => solve(compile(d, s, "moving_toward_wall").problem).count > 0n);
    expect(consistent.map((s) => stateLabel(d, s))).toEqual([
      "MOVING_POSITIVE|NEGATIVE_LOAD|MOVING_POSITIVE|NEGATIVE_LOAD|UNLOADED|MOVING_POSITIVE|NEGATIVE_LOAD",
    ]);
    const sol = solve(compile(d, consistent[0], "moving_toward_wall").problem);
    const forced = (name: string) => d.variables[d.variableIndex.get(name)!].cells[sol.forced.get(d.variableIndex.get(name)!)!];
    for (const m of ["mass1", "mass2", "mass3"]) expect(forced(`${m}.a`)).toBe("negative");
    // the unstretched spring starts to be compressed
    expect(forced("spring2.d1__f")).toBe("negative");
  });
});
