import { describe, expect, it } from "vitest";
import { builtinLibrary, builtinMechanism, MECHANISM_FILES } from "../../catalog/mod.ts";
import { integrate } from "./integrate.ts";
import { project } from "./project.ts";
import { checkMechanism } from "./check.ts";
import { NumericBlockSchema } from "./model.ts";
import { genericModel } from "./assemble.ts";

export const blockOf = (id: string) => NumericBlockSchema.parse((MECHANISM_FILES.find((f) => (f.data as { id: string }).id === id)!.data as { numeric: unknown }).numeric);
/** The numeric model assembled from the component types' equations. */
const modelOf = (id: string) => genericModel(builtinMechanism(id)!, builtinLibrary());

describe("integrate (odex)", () => {
  it("solves y' = -y on a grid", () => {
    const s = integrate((_t, y) => [-y[0]], [1], 2, { points: 20 });
    expect(s.length).toBe(21);
    for (const { t, y } of s) expect(y[0]).toBeCloseTo(Math.exp(-t), 8);
  });
});

describe("project", () => {
  const m = builtinMechanism("mechanics_compare_braking_force")!;
  const v = m.variables[m.variableIndex.get("signForce.v")!];
  const lm = { v0: 1, minus_v0: -1 };
  const name = (x: number) => {
    const p = project(v, x, lm);
    return [v.cells[p.cell], v.cells[p.raw]];
  };
  it("maps values to cells of a landmark space", () => {
    expect(name(5)).toEqual(["(v0,+inf)", "(v0,+inf)"]);
    expect(name(0.5)).toEqual(["(zero,v0)", "(zero,v0)"]);
    expect(name(-1)).toEqual(["minus_v0", "minus_v0"]);
    expect(name(-3)).toEqual(["(-inf,minus_v0)", "(-inf,minus_v0)"]);
  });
  it("keeps the snapped and the raw cell within 1e-9 of a landmark", () => {
    expect(name(1 + 5e-10)).toEqual(["v0", "(v0,+inf)"]);
    expect(name(-3e-10)).toEqual(["zero", "(minus_v0,zero)"]);
    expect(name(1 + 2e-9)).toEqual(["(v0,+inf)", "(v0,+inf)"]);
  });
});

const run = (id: string) => {
  const sys = modelOf(id).build(blockOf(id));
  return { sys, samples: integrate(sys.rhs, sys.y0, blockOf(id).stopTime, { points: 100 }) };
};

describe("thermal systems against closed forms", () => {
  it("two masses: dT = 100·exp(-t/0.75), mean 323.15 K", () => {
    const { samples } = run("thermal_two_masses");
    for (const { t, y } of samples) {
      expect(y[0] - y[1]).toBeCloseTo(100 * Math.exp(-t / 0.75), 7);
      expect((y[0] + y[1]) / 2).toBeCloseTo(323.15, 9);
    }
  });
  it("three-node chain: the mean is kept, modes decay at 2/3 and 2 per second", () => {
    const { samples } = run("thermal_three_node_chain");
    for (const { t, y } of samples) {
      expect((y[0] + y[1] + y[2]) / 3).toBeCloseTo(919.45 / 3, 8);
      // modes: T1 − T3 decays at G/C = 2/3; T1 − 2 T2 + T3 at 3G/C = 2
      expect(y[0] - y[2]).toBeCloseTo(100 * Math.exp(-(2 / 3) * t), 7);
      expect(y[0] - 2 * y[1] + y[2]).toBeCloseTo(100 * Math.exp(-2 * t), 7);
    }
  });
  it("branched star: the initial rates of the notes", () => {
    const { sys } = run("thermal_branched_star");
    const o = sys.observe(0, sys.y0);
    expect(o["centre.d1__T"]).toBeCloseTo(-73.333, 3);
    expect(o["branch1.d1__T"]).toBeCloseTo(66.667, 3);
    expect(o["branch2.d1__T"]).toBeCloseTo(53.333, 3);
  });
});

describe("checkMechanism", () => {
  it("two masses: one observed state, direct agreement", () => {
    const r = checkMechanism(builtinMechanism("thermal_two_masses")!, modelOf("thermal_two_masses"), blockOf("thermal_two_masses"));
    expect(r.states.map((s) => [s.label, s.disposition])).toEqual([["COOLING|HEATING|FORWARD_HEAT_FLOW", "direct"]]);
  });
  // Every model over the whole catalog (with the known braking-force finding): cli/numeric_commands.test.ts.
});

describe("translational models against closed forms", () => {
  it("damper: mass1 v = 10 e^(-25 t); mass2 overdamped x'' + 25 x' + x = 0", async () => {
    const sys = modelOf("mechanics_damper").build(blockOf("mechanics_damper"));
    const samples = integrate(sys.rhs, sys.y0, 1, { points: 50 });
    const r1 = (-25 + Math.sqrt(621)) / 2, r2 = (-25 - Math.sqrt(621)) / 2;
    for (const { t, y } of samples) {
      expect(y[1]).toBeCloseTo(10 * Math.exp(-25 * t), 7);
      expect(y[0]).toBeCloseTo(3 + 0.4 * (1 - Math.exp(-25 * t)), 7);
      expect(y[2] - 3).toBeCloseTo((10 / (r1 - r2)) * (Math.exp(r1 * t) - Math.exp(r2 * t)), 7);
      expect(y[4]).toBeCloseTo(y[2], 9); // the spring-damper system moves like the parallel one
    }
    const o = sys.observe(0, sys.y0);
    expect(o["mass1.a"]).toBeCloseTo(-250, 6);
    expect(o["damper1.f"]).toBeCloseTo(-250, 6); // s_rel shrinks: the damper is pushed (negative load)
    expect(o["mass1.flange_b.f"]).toBeCloseTo(-250, 6);
  });
});

describe("more models against closed forms", () => {
  it("accelerate: mass.s = 0.5 + t²/2, mass.v = t, the source pushes with 1 N", () => {
    const { sys, samples } = run("mechanics_accelerate");
    for (const { t, y } of samples) {
      const o = sys.observe(t, y);
      expect(o["mass.s"]).toBeCloseTo(0.5 + t * t / 2, 9);
      expect(o["mass.v"]).toBeCloseTo(t, 9);
      expect(o["accelerate.flange.f"]).toBe(-1);
    }
  });
  it("sign convention: every mass has a = 1, v = t, s = t²/2", () => {
    const { sys, samples } = run("mechanics_sign_convention");
    for (const { t, y } of samples) {
      const o = sys.observe(t, y);
      for (const m of ["mass1", "mass2", "mass3"]) {
        expect(o[`${m}.a`]).toBeCloseTo(1, 12);
        expect(o[`${m}.v`]).toBeCloseTo(t, 9);
        expect(o[`${m}.s`]).toBeCloseTo(t * t / 2, 9);
      }
    }
  });
  it("why arrows: s = -0.9 + 0.9 cos(√11 t) for both masses; sensors read -1, +1, +1", () => {
    const { sys, samples } = run("mechanics_why_arrows");
    for (const { t, y } of samples) {
      expect(y[0]).toBeCloseTo(-0.9 + 0.9 * Math.cos(Math.sqrt(11) * t), 8);
      expect(y[2]).toBeCloseTo(y[0], 12);
    }
    const o = sys.observe(0, sys.y0);
    expect([o["positionSensor1.s"], o["positionSensor2.s"], o["positionSensor3.s"]]).toEqual([-1, 1, 1]);
    expect(o["mass1.a"]).toBeCloseTo(-9.9, 9);
  });
  it("oscillator: undamped system 1 follows the forced solution near resonance", () => {
    const { samples } = run("mechanics_oscillator");
    const ws = 2 * Math.PI * 15.9155, w0 = 100;
    for (const { t, y } of samples) {
      const x = (1 / (w0 * w0 - ws * ws)) * (Math.sin(ws * t) - (ws / w0) * Math.sin(w0 * t));
      expect(y[0] + 0.5).toBeCloseTo(x, 6);
    }
  });
  it("braking force and torque: v = 100 e^-t (linear), 100/(1+t) (quadratic), 100 - 100 t (sign, t < 0.99)", () => {
    for (const id of ["mechanics_compare_braking_force", "mechanics_compare_braking_torque"]) {
      const { samples } = run(id);
      for (const { t, y } of samples) {
        expect(y[3]).toBeCloseTo(100 * Math.exp(-t), 6);
        expect(y[5]).toBeCloseTo(100 / (1 + t), 6);
        if (t < 0.98) expect(y[1]).toBeCloseTo(100 - 100 * t, 6);
        if (t < 0.49) expect(y[7] * y[7]).toBeCloseTo(1e4 * (1 - 2 * t), 4);
      }
    }
  });
});

describe("initial conditions, branched three-mass, heating resistor", () => {
  it("initial conditions: the top chain stays at rest; s1 pushes m1 with 500 N", () => {
    const { sys, samples } = run("mechanics_initial_conditions");
    const o = sys.observe(0, sys.y0);
    expect(o["m1.s"]).toBeCloseTo(0, 12);
    expect(o["m2.s"]).toBeCloseTo(2.5, 12);
    expect(o["m1.a"]).toBeCloseTo(500, 9);
    expect(o["s1.f"]).toBeCloseTo(-500, 9);
    for (const { y } of samples) {
      expect(y[0]).toBeCloseTo(4.5, 9);
      expect(y[2]).toBeCloseTo(12.5, 9);
    }
  });
  it("branched three-mass: hub.a = 13 at t = 0; every mass tends to 1 m/s", () => {
    const id = "mechanics_branched_three_mass";
    const sys = modelOf(id).build(blockOf(id));
    expect(sys.observe(0, sys.y0)["hub.a"]).toBeCloseTo(13, 12);
    const end = integrate(sys.rhs, sys.y0, 60, { points: 10 }).at(-1)!;
    for (const k of [1, 3, 5]) expect(end.y[k]).toBeCloseTo(1, 4);
    const o = sys.observe(end.t, end.y);
    expect(o["damper1.f"]).toBeCloseTo(5, 3);
    expect(o["damper2.f"]).toBeCloseTo(8, 3);
  });
  it("heating resistor: T rises about 9.6 K at the voltage peak; the loss power is never negative", () => {
    const { sys, samples } = run("electrical_resistor");
    const peak = sys.observe(0, [0.25]);
    expect(peak["resistor.heatPort.T"] - 293.15).toBeGreaterThan(9.5);
    expect(peak["resistor.heatPort.T"] - 293.15).toBeLessThan(9.68);
    for (const { t, y } of samples) expect(sys.observe(t, y)["thermalConductor.Q_flow"]).toBeGreaterThanOrEqual(0);
  });
});

describe("geared rotational trains", () => {
  it("grounded geared dual inertia: w2 = 1 − e^(−t/1.2), w1 = 10·w2", () => {
    const { sys, samples } = run("mechanics_grounded_geared_dual_inertia");
    for (const { t, y } of samples) {
      expect(y[1]).toBeCloseTo(1 - Math.exp(-t / 1.2), 8);
      const o = sys.observe(t, y);
      expect(o["inertia1.w"]).toBeCloseTo(10 * y[1], 8);
      if (t > 0) expect(o["damper.tau"]).toBeLessThan(0);
    }
  });
  it("first: torque balance of every inertia, gear and fixed flange at every sample", () => {
    for (const id of ["mechanics_first", "mechanics_first_grounded"]) {
      const { sys, samples } = run(id);
      const p = blockOf(id).parameters;
      for (const { t, y } of samples) {
        const o = sys.observe(t, y);
        for (const i of ["inertia1", "inertia2", "inertia3"]) {
          expect(p[`${i}.J`] * o[`${i}.a`]).toBeCloseTo(o[`${i}.flange_a.tau`] + o[`${i}.flange_b.tau`], 6);
        }
        expect(p["idealGear.ratio"] * o["idealGear.flange_a.tau"] + o["idealGear.flange_b.tau"]).toBeCloseTo(0, 6);
        expect(o["inertia1.w"]).toBeCloseTo(10 * o["inertia2.w"], 8);
      }
    }
  });
});

describe("electrothermal compositions", () => {
  it("parallel: 10 W and 5 W at the start, bodies warm at 2 and 1 K/s, currents 1 A and 0.5 A", () => {
    const { sys } = run("electrical_electrothermal_resistor_parallel");
    const o = sys.observe(0, sys.y0);
    expect(o["resistor1.LossPower"]).toBeCloseTo(10, 9);
    expect(o["resistor2.LossPower"]).toBeCloseTo(5, 9);
    expect(o["body1.d1__T"]).toBeCloseTo(2, 9);
    expect(o["body2.d1__T"]).toBeCloseTo(1, 9);
    expect(o["constantVoltage.i"]).toBeCloseTo(-1.5, 9);
    expect(o["resistor1.d1__i"]).toBeLessThan(0); // R_actual grows as the body warms
  });
  it("ladder: 0.6, 0.4, 0.2 A; node voltages 4 and 2 V; the board receives 5.6 W", () => {
    const { sys } = run("electrical_electrothermal_resistor_ladder");
    const o = sys.observe(0, sys.y0);
    expect(o["series1.i"]).toBeCloseTo(0.6, 9);
    expect(o["shunt1.i"]).toBeCloseTo(0.4, 9);
    expect(o["load.i"]).toBeCloseTo(0.2, 9);
    expect(o["shunt1.v"]).toBeCloseTo(4, 9);
    expect(o["load.v"]).toBeCloseTo(2, 9);
    expect(o["board.d1__T"]).toBeCloseTo(5.6 / 20, 9);
  });
});
