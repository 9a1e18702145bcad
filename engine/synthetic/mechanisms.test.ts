import { describe, expect, it } from "vitest";
import type { Problem } from "../compile/problem.ts";
import { compile, compositeStates, countCompositeStates } from "../compile/compile.ts";
import { solve } from "../solve/solver.ts";
import { referenceSolve } from "../solve/reference.ts";
import {
  compileSynthetic,
  loadSynthetic,
  syntheticState,
  thermalChainMechanism,
  thermalLadderMechanism,
} from "./mechanisms.ts";
import { eliminationCount } from "./elimination.test_support.ts";
import { ladderSystem, mulberry32, randomSmallSystem, treeSystem } from "./systems.ts";

function expectMatchesReference(p: Problem, label: string) {
  const ref = referenceSolve(p);
  const sol = solve(p);
  expect(sol.count, label).toBe(ref.count);
  expect(sol.supported, label).toEqual(ref.supported);
  expect(sol.forced, label).toEqual(ref.forced);
}

describe("synthetic thermal mechanisms", () => {
  it("load against the catalog library with the expected size", () => {
    for (const n of [1, 2, 5, 50]) {
      const chain = loadSynthetic(thermalChainMechanism(n));
      // a HeatCapacitor has 7 variables (C, T, d1__T, port.T, port.Q_flow and their
      // port derivatives), a ThermalConductor 13
      expect(chain.instances.length).toBe(2 * n - 1);
      expect(chain.variables.length).toBe(7 * n + 13 * (n - 1));
      const ladder = loadSynthetic(thermalLadderMechanism(n));
      expect(ladder.instances.length).toBe(2 * n + 2 * (n - 1) + n);
      expect(ladder.variables.length).toBe(7 * 2 * n + 13 * (3 * n - 2));
    }
    expect(() => thermalChainMechanism(0)).toThrow(RangeError);
  });

  it("the deterministic states are complete composite states", () => {
    const m = loadSynthetic(thermalLadderMechanism(3));
    for (const kind of ["steady", "flowing"] as const) {
      const s = syntheticState(m, kind);
      expect(Object.keys(s).sort()).toEqual(m.instances.map((i) => i.name).sort());
    }
    const f = syntheticState(m, "flowing");
    expect([f.a0, f.a1, f.a2, f.b0, f.b2, f.ga0, f.r1]).toEqual(["COOLING", "STEADY", "HEATING", "COOLING", "HEATING", "FORWARD_HEAT_FLOW", "NO_HEAT_FLOW"]);
  });

  it("every composite state of chains with n ≤ 3 matches the reference, in both scenarios", () => {
    for (const n of [1, 2, 3]) {
      const model = loadSynthetic(thermalChainMechanism(n));
      let consistent = 0;
      for (const sc of model.scenarios) {
        for (const state of compositeStates(model)) {
          const { problem } = compile(model, state, sc.id);
          expectMatchesReference(problem, `${model.id} ${sc.id} ${JSON.stringify(state)}`);
          if (solve(problem).count > 0n) consistent++;
        }
      }
      expect(consistent).toBeGreaterThan(0);
    }
  });

  it("ladders with n ≤ 2 match the reference on the deterministic and 60 seeded states", () => {
    for (const n of [1, 2]) {
      const json = thermalLadderMechanism(n);
      const model = loadSynthetic(json);
      for (const kind of ["steady", "flowing"] as const) {
        for (const sc of ["base", "a_hotter"]) expectMatchesReference(compileSynthetic(json, kind, sc).problem, `${kind} ${sc}`);
      }
      // a seeded sample of the 3^(4n−2) composite states
      const rng = mulberry32(n);
      const total = countCompositeStates(model);
      for (let k = 0; k < 60; k++) {
        const state = Object.fromEntries(model.instances.map((i) => [i.name, i.states[Math.floor(rng() * i.states.length)]]));
        expectMatchesReference(compile(model, state).problem, `ladder ${n} sample ${k} of ${total}`);
      }
    }
  });

  it("the deterministic states have the expected interpretations", () => {
    // equilibrium: no flow anywhere, so every flow and every derivative is zero
    const steady = compileSynthetic(thermalChainMechanism(4), "steady").problem;
    const sol = solve(steady);
    expect(sol.count).toBe(1n);
    const cell = (name: string) => {
      const v = steady.variables.findIndex((x) => x.name === name);
      return steady.variables[v].cells[sol.forced.get(v)!];
    };
    expect(cell("g1.Q_flow")).toBe("zero");
    expect(cell("m2.d1__T")).toBe("zero");
    expect(cell("g2.dT")).toBe("zero");
    // forward flow: the first capacitor is hotter than the second and cools down
    const flowing = compileSynthetic(thermalChainMechanism(4), "flowing").problem;
    const f = solve(flowing);
    expect(f.count).toBeGreaterThan(0n);
    const forcedCell = (name: string) => {
      const v = flowing.variables.findIndex((x) => x.name === name);
      return flowing.variables[v].cells[f.forced.get(v)!];
    };
    expect(forcedCell("g0.dT")).toBe("positive");
    expect(forcedCell("m0.port.Q_flow")).toBe("negative");
  });

  it("solving is exact at n = 50 (checked by variable elimination)", () => {
    for (const [json, kind] of [
      [thermalChainMechanism(50), "steady"],
      [thermalChainMechanism(50), "flowing"],
      [thermalLadderMechanism(50), "flowing"],
    ] as const) {
      const { problem } = compileSynthetic(json, kind);
      const sol = solve(problem);
      expect(sol.count, `${json.id} ${kind}`).toBe(eliminationCount(problem));
      expect(sol.count > 0n).toBe(true);
    }
  });
});

describe("the variable-elimination test counter", () => {
  it("agrees with the reference on small random systems, trees and ladders", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const p = randomSmallSystem(seed);
      expect(eliminationCount(p), `random ${seed}`).toBe(referenceSolve(p).count);
    }
    for (let seed = 1; seed <= 20; seed++) {
      const p = treeSystem(8, seed);
      expect(eliminationCount(p)).toBe(referenceSolve(p).count);
    }
    for (let n = 1; n <= 4; n++) {
      const p = ladderSystem(n);
      expect(eliminationCount(p)).toBe(referenceSolve(p).count);
    }
  });
});
