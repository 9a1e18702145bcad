// Rotational catalog: a hand-derived sign test for each component type and the consistent
// composite states of each mechanism in its start situations (derivations in
// docs/catalog/rotational.md).
import { describe, expect, it } from "vitest";
import { builtinLibrary, builtinMechanism } from "../mod.ts";
import { loadMechanism } from "../../engine/model/load_mechanism.ts";
import type { MechanismModel } from "../../engine/model/model.ts";
import { compile, compositeStates, countCompositeStates, stateLabel } from "../../engine/compile/compile.ts";
import { solve } from "../../engine/solve/solver.ts";

type Cell = string;

/** A consistent composite state: its label and, per variable, the cells some interpretation takes. */
interface Found {
  label: string;
  supported: (name: string) => Cell[];
}

/** Every consistent composite state of a mechanism under a scenario. */
function consistent(m: MechanismModel, scenario: string): Found[] {
  const out: Found[] = [];
  for (const s of compositeStates(m)) {
    const sol = solve(compile(m, s, scenario).problem);
    if (sol.count === 0n) continue;
    out.push({
      label: stateLabel(m, s),
      supported: (name) => {
        const i = m.variableIndex.get(name);
        if (i === undefined) throw new Error(`no variable ${name} in ${m.id}`);
        return sol.supported[i].map((c) => m.variables[i].cells[c]);
      },
    });
  }
  return out;
}

/** The single consistent composite state of a scenario (fails the test otherwise). */
function only(m: MechanismModel, scenario: string, label?: string): Found {
  const found = consistent(m, scenario);
  expect(found.map((f) => f.label), `${m.id} / ${scenario}`).toHaveLength(1);
  if (label !== undefined) expect(found[0].label).toBe(label);
  return found[0];
}

function mechanism(id: string): MechanismModel {
  const m = builtinMechanism(id);
  if (!m) throw new Error(`no mechanism ${id}`);
  return m;
}

// A small test rig: a mechanism from inline JSON against the built-in library.
type Restrict = Record<string, Cell[]>;
function rig(data: {
  components: { name: string; type: string; parameters?: Record<string, string> }[];
  connections: string[][];
  free?: string[];
  scenarios: Record<string, Restrict>;
}): MechanismModel {
  return loadMechanism(
    {
      id: "rotational_rig",
      components: data.components,
      connections: data.connections,
      free: data.free ?? [],
      scenarios: Object.entries(data.scenarios).map(([id, restrict]) => ({ id, restrict })),
    },
    "rotational_rig.json",
    builtinLibrary(),
  );
}

const sign = (s: string) => s as "negative" | "zero" | "positive";

describe("rotational component types (hand-derived signs)", () => {
  // constant → Torque → inertia; the other inertia flange free.
  const driven = (k: string, flange: "flange_a" | "flange_b") =>
    rig({
      components: [
        { name: "constant", type: "blocks.Constant", parameters: { k: sign(k) } },
        { name: "torque", type: "rotational.Torque" },
        { name: "inertia", type: "rotational.Inertia" },
      ],
      connections: [["constant.y", "torque.tau"], ["torque.flange", `inertia.${flange}`]],
      free: [flange === "flange_a" ? "inertia.flange_b" : "inertia.flange_a"],
      scenarios: { at_rest: { "inertia.w": ["zero"] }, spinning_backward: { "inertia.w": ["negative"] } },
    });

  it("Torque and Inertia: the body receives +tau at either flange, J*a = flange_a.tau + flange_b.tau", () => {
    for (const flange of ["flange_a", "flange_b"] as const) {
      const up = only(driven("positive", flange), "at_rest", "REST");
      expect(up.supported("inertia.a")).toEqual(["positive"]);
      expect(up.supported("torque.flange.tau")).toEqual(["negative"]); // flange.tau = -tau
      expect(up.supported(`inertia.${flange}.tau`)).toEqual(["positive"]);
      // the velocity is the angle's rate; the angle itself is free
      expect(up.supported("inertia.d1__phi")).toEqual(["zero"]);
      expect(only(driven("negative", flange), "at_rest").supported("inertia.a")).toEqual(["negative"]);
      expect(only(driven("zero", flange), "at_rest").supported("inertia.a")).toEqual(["zero"]);
      // a positive torque on a body turning backward still accelerates it positively
      const back = only(driven("positive", flange), "spinning_backward", "ROTATING_NEGATIVE");
      expect(back.supported("inertia.a")).toEqual(["positive"]);
      expect(back.supported("inertia.d1__phi")).toEqual(["negative"]);
    }
  });

  it("TorqueWithSupport: the rotor gets +tau and the support (a free stator) the reaction -tau", () => {
    const m = rig({
      components: [
        { name: "constant", type: "blocks.Constant", parameters: { k: "positive" } },
        { name: "torque", type: "rotational.TorqueWithSupport" },
        { name: "rotor", type: "rotational.Inertia" },
        { name: "stator", type: "rotational.Inertia" },
      ],
      connections: [["constant.y", "torque.tau"], ["torque.flange", "rotor.flange_a"], ["torque.support", "stator.flange_a"]],
      free: ["rotor.flange_b", "stator.flange_b"],
      scenarios: { at_rest: { "rotor.w": ["zero"], "stator.w": ["zero"] } },
    });
    const f = only(m, "at_rest", "REST|REST");
    expect(f.supported("rotor.a")).toEqual(["positive"]);
    expect(f.supported("stator.a")).toEqual(["negative"]);
    expect(f.supported("torque.support.tau")).toEqual(["positive"]); // support.tau = -flange.tau = tau
  });

  // Fixed → spring → inertia (flange_b free), or mirrored: inertia → spring → Fixed.
  const sprung = (mirrored: boolean) =>
    rig({
      components: [
        { name: "fixed", type: "rotational.Fixed" },
        { name: "spring", type: "rotational.Spring" },
        { name: "inertia", type: "rotational.Inertia" },
      ],
      connections: mirrored
        ? [["inertia.flange_b", "spring.flange_a"], ["spring.flange_b", "fixed.flange"]]
        : [["fixed.flange", "spring.flange_a"], ["spring.flange_b", "inertia.flange_a"]],
      free: [mirrored ? "inertia.flange_a" : "inertia.flange_b"],
      scenarios: {
        twisted: { "spring.stretch": ["positive"], "inertia.w": ["zero"] },
        unstretched: { "spring.stretch": ["zero"], "inertia.w": ["zero"] },
      },
    });

  it("Spring and Fixed: a positive twist loads the spring positively and turns the inertia back", () => {
    // inertia on flange_b: phi_rel = inertia.phi - 0 > 0; flange_b.tau = tau > 0, so the
    // inertia receives -tau: it accelerates back toward the unstretched angle.
    const f = only(sprung(false), "twisted", "POSITIVE_LOAD|REST");
    expect(f.supported("inertia.phi")).toEqual(["positive"]);
    expect(f.supported("spring.tau")).toEqual(["positive"]);
    expect(f.supported("inertia.a")).toEqual(["negative"]);
    // Fixed: the flange stays at phi0 = 0 and takes the reaction +tau
    expect(f.supported("fixed.flange.phi")).toEqual(["zero"]);
    expect(f.supported("fixed.d1__flange__phi")).toEqual(["zero"]);
    expect(f.supported("fixed.flange.tau")).toEqual(["positive"]);
    // mirrored: phi_rel = 0 - inertia.phi > 0, the inertia on flange_a receives +tau
    const g = only(sprung(true), "twisted", "POSITIVE_LOAD|REST");
    expect(g.supported("inertia.phi")).toEqual(["negative"]);
    expect(g.supported("inertia.a")).toEqual(["positive"]);
    // unstretched: no torque, no acceleration
    const u = only(sprung(false), "unstretched", "UNLOADED|REST");
    expect(u.supported("inertia.a")).toEqual(["zero"]);
    expect(u.supported("spring.tau")).toEqual(["zero"]);
  });

  it("Damper: an inertia turning forward on flange_b gives w_rel > 0, tau > 0 and a braking torque", () => {
    const m = rig({
      components: [
        { name: "fixed", type: "rotational.Fixed" },
        { name: "damper", type: "rotational.Damper" },
        { name: "inertia", type: "rotational.Inertia" },
      ],
      connections: [["fixed.flange", "damper.flange_a"], ["damper.flange_b", "inertia.flange_a"]],
      free: ["inertia.flange_b"],
      scenarios: { forward: { "inertia.w": ["positive"] }, backward: { "inertia.w": ["negative"] }, at_rest: { "inertia.w": ["zero"] } },
    });
    const f = only(m, "forward", "POSITIVE_LOAD|ROTATING_POSITIVE");
    expect(f.supported("damper.w_rel")).toEqual(["positive"]);
    expect(f.supported("inertia.a")).toEqual(["negative"]);
    // the braking torque shrinks as the inertia slows: d1__tau = d*d1__w_rel = d*a < 0
    expect(f.supported("damper.d1__tau")).toEqual(["negative"]);
    const b = only(m, "backward", "NEGATIVE_LOAD|ROTATING_NEGATIVE");
    expect(b.supported("inertia.a")).toEqual(["positive"]);
    const r = only(m, "at_rest", "UNLOADED|REST");
    expect(r.supported("inertia.a")).toEqual(["zero"]);
  });

  it("Fixed: phi0 sets the flange's sign", () => {
    const m = rig({
      components: [{ name: "fixed", type: "rotational.Fixed", parameters: { phi0: "positive" } }],
      connections: [],
      free: ["fixed.flange"],
      scenarios: { base: {} },
    });
    const f = only(m, "base");
    expect(f.supported("fixed.flange.phi")).toEqual(["positive"]);
    expect(f.supported("fixed.d2__flange__phi")).toEqual(["zero"]);
  });

  // constant → Torque → inertia1 → gear → inertia2 (flange_b free); a supported gear sits on Fixed.
  const geared = (ratio: string, supported: boolean) =>
    rig({
      components: [
        { name: "constant", type: "blocks.Constant", parameters: { k: "positive" } },
        { name: "torque", type: "rotational.Torque" },
        { name: "inertia1", type: "rotational.Inertia" },
        { name: "gear", type: supported ? "rotational.IdealGearWithSupport" : "rotational.IdealGear", parameters: { ratio: sign(ratio) } },
        { name: "inertia2", type: "rotational.Inertia" },
        ...(supported ? [{ name: "fixed", type: "rotational.Fixed" }] : []),
      ],
      connections: [
        ["constant.y", "torque.tau"],
        ["torque.flange", "inertia1.flange_a"],
        ["inertia1.flange_b", "gear.flange_a"],
        ["gear.flange_b", "inertia2.flange_a"],
        ...(supported ? [["gear.support", "fixed.flange"]] : []),
      ],
      free: ["inertia2.flange_b"],
      scenarios: { at_rest: { "inertia2.w": ["zero"] }, spinning: { "inertia1.w": ["positive"] } },
    });

  for (const supported of [false, true]) {
    const type = supported ? "IdealGearWithSupport" : "IdealGear";
    it(`${type}: phi_a = ratio*phi_b and 0 = ratio*flange_a.tau + flange_b.tau carry the drive through`, () => {
      // inertia2 at rest forces inertia1 at rest (w1 = ratio*w2); the drive accelerates both
      // the same way: J1*a1 = T - g, J2*a2 = ratio*g, a1 = ratio*a2 leave only a1, a2, g > 0.
      const f = only(geared("positive", supported), "at_rest", "REST|REST");
      expect(f.supported("inertia1.a")).toEqual(["positive"]);
      expect(f.supported("inertia2.a")).toEqual(["positive"]);
      expect(f.supported("gear.flange_a.tau")).toEqual(["positive"]);
      expect(f.supported("gear.flange_b.tau")).toEqual(["negative"]); // the load is pushed forward
      // a reversing gear (ratio < 0) turns the load backward
      const r = only(geared("negative", supported), "at_rest", "REST|REST");
      expect(r.supported("inertia1.a")).toEqual(["positive"]);
      expect(r.supported("inertia2.a")).toEqual(["negative"]);
      // speeds follow the ratio's sign
      expect(only(geared("positive", supported), "spinning").label).toBe("ROTATING_POSITIVE|ROTATING_POSITIVE");
      expect(only(geared("negative", supported), "spinning").label).toBe("ROTATING_POSITIVE|ROTATING_NEGATIVE");
    });
  }

  // A braking source on inertia.flange_a, inertia.flange_b free.
  const braked = (type: string, tauNominal = "negative") =>
    rig({
      components: [
        { name: "inertia", type: "rotational.Inertia" },
        { name: "source", type, parameters: { tau_nominal: sign(tauNominal) } },
      ],
      connections: [["source.flange", "inertia.flange_a"]],
      free: ["inertia.flange_b"],
      scenarios: {
        forward: { "inertia.w": ["positive"] },
        backward: { "inertia.w": ["negative"] },
        at_rest: { "inertia.w": ["zero"] },
        ...(type.endsWith("SignTorque") || type.endsWith("InverseSpeedDependentTorque")
          ? {
            fast: { "source.w": ["(w0,+inf)"] },
            at_w0: { "source.w": ["w0"] },
            slow: { "source.w": ["(zero,w0)"] },
            fast_backward: { "source.w": ["(-inf,minus_w0)"] },
          }
          : {}),
      },
    });

  it("speed-dependent torques with tau_nominal < 0 brake in both directions and vanish at rest", () => {
    for (const type of ["SignTorque", "LinearSpeedDependentTorque", "QuadraticSpeedDependentTorque", "InverseSpeedDependentTorque"]) {
      const m = braked(`rotational.${type}`);
      const fwd = consistent(m, "forward");
      expect(fwd.length, type).toBeGreaterThan(0);
      for (const f of fwd) {
        expect(f.supported("inertia.a"), type).toEqual(["negative"]);
        expect(f.supported("source.tau"), type).toEqual(["negative"]); // tau = -flange.tau acts on the body
      }
      for (const f of consistent(m, "backward")) expect(f.supported("inertia.a"), type).toEqual(["positive"]);
      for (const f of consistent(m, "at_rest")) expect(f.supported("inertia.a"), type).toEqual(["zero"]);
      // tau_nominal > 0 drives instead of braking
      for (const f of consistent(braked(`rotational.${type}`, "positive"), "forward")) {
        expect(f.supported("inertia.a"), type).toEqual(["positive"]);
      }
    }
  });

  it("Linear and Quadratic torques: the braking torque shrinks as the inertia slows (d1__tau > 0)", () => {
    for (const type of ["LinearSpeedDependentTorque", "QuadraticSpeedDependentTorque"]) {
      const f = only(braked(`rotational.${type}`), "forward", "ROTATING_POSITIVE");
      expect(f.supported("source.d1__tau"), type).toEqual(["positive"]);
    }
    // quadratic: der(tau) carries |w|, so it is zero at rest
    expect(only(braked("rotational.QuadraticSpeedDependentTorque"), "at_rest").supported("source.d1__tau")).toEqual(["zero"]);
  });

  it("SignTorque: constant torque at |w| >= w0, linear regularisation below", () => {
    const m = braked("rotational.SignTorque");
    expect(m.instances.find((i) => i.name === "source")!.states).toEqual(["LOW_SPEED", "HIGH_SPEED"]);
    const fast = only(m, "fast", "ROTATING_POSITIVE|HIGH_SPEED");
    expect(fast.supported("source.d1__tau")).toEqual(["zero"]);
    expect(fast.supported("inertia.a")).toEqual(["negative"]);
    expect(only(m, "at_w0", "ROTATING_POSITIVE|HIGH_SPEED").supported("source.tau")).toEqual(["negative"]);
    const slow = only(m, "slow", "ROTATING_POSITIVE|LOW_SPEED");
    expect(slow.supported("source.d1__tau")).toEqual(["positive"]); // tau = tau_nominal*w/w0 rises toward 0
    expect(only(m, "fast_backward", "ROTATING_NEGATIVE|HIGH_SPEED").supported("inertia.a")).toEqual(["positive"]);
    expect(only(m, "at_rest", "REST|LOW_SPEED").supported("source.tau")).toEqual(["zero"]);
  });

  it("InverseSpeedDependentTorque: tau*w = tau_nominal*w_nominal above w0, so braking grows as the speed falls", () => {
    const m = braked("rotational.InverseSpeedDependentTorque");
    const fast = only(m, "fast", "ROTATING_POSITIVE|HIGH_SPEED");
    // d1__tau*w + tau*d1__w = 0 with w > 0, tau < 0, d1__w < 0: d1__tau < 0
    expect(fast.supported("source.d1__tau")).toEqual(["negative"]);
    expect(only(m, "slow", "ROTATING_POSITIVE|LOW_SPEED").supported("source.d1__tau")).toEqual(["positive"]);
    expect(only(m, "fast_backward", "ROTATING_NEGATIVE|HIGH_SPEED").supported("inertia.a")).toEqual(["positive"]);
  });

  // inertia.flange_b → brake.flange_a; constant → f_normalized; optionally a drive torque.
  const brakeRig = (k: string, drive: boolean) =>
    rig({
      components: [
        { name: "constant", type: "blocks.Constant", parameters: { k: sign(k) } },
        { name: "inertia", type: "rotational.Inertia" },
        { name: "brake", type: "rotational.Brake" },
        ...(drive
          ? [{ name: "drive", type: "blocks.Constant", parameters: { k: "positive" } }, { name: "torque", type: "rotational.Torque" }]
          : []),
      ],
      connections: [
        ["constant.y", "brake.f_normalized"],
        ["inertia.flange_b", "brake.flange_a"],
        ...(drive ? [["drive.y", "torque.tau"], ["torque.flange", "inertia.flange_a"]] : []),
      ],
      free: ["brake.flange_b", ...(drive ? [] : ["inertia.flange_a"])],
      scenarios: { forward: { "inertia.w": ["positive"] }, backward: { "inertia.w": ["negative"] }, at_rest: { "inertia.w": ["zero"] } },
    });

  it("Brake: sliding friction opposes the motion, a released brake is FREE, a held shaft is STUCK", () => {
    const fwd = only(brakeRig("positive", false), "forward", "ROTATING_POSITIVE|SLIDING_POSITIVE");
    expect(fwd.supported("brake.tau")).toEqual(["positive"]);
    expect(fwd.supported("inertia.a")).toEqual(["negative"]);
    expect(only(brakeRig("positive", false), "backward", "ROTATING_NEGATIVE|SLIDING_NEGATIVE").supported("inertia.a")).toEqual(["positive"]);
    // at rest without a drive: locked, no friction torque needed
    const rest = only(brakeRig("positive", false), "at_rest", "REST|STUCK");
    expect(rest.supported("inertia.a")).toEqual(["zero"]);
    expect(rest.supported("brake.tau")).toEqual(["zero"]);
    // no normal force: FREE, the inertia coasts
    const free = only(brakeRig("zero", false), "forward", "ROTATING_POSITIVE|FREE");
    expect(free.supported("inertia.a")).toEqual(["zero"]);
    // a positive drive on a stuck brake: the brake holds (a = 0) or breaks away forward
    // (a > 0, tau = cgeo*mu*fn); either way the friction torque opposes the drive.
    const held = only(brakeRig("positive", true), "at_rest", "REST|STUCK");
    expect(held.supported("inertia.a")).toEqual(["zero", "positive"]);
    expect(held.supported("brake.tau")).toEqual(["positive"]);
  });
});

describe("mechanics_first and mechanics_first_grounded", () => {
  for (const id of ["mechanics_first", "mechanics_first_grounded"]) {
    const m = mechanism(id);
    it(`${id}: 729 composite states (sine, inertia1, inertia2, spring, inertia3, damper)`, () => {
      expect(countCompositeStates(m)).toBe(729);
    });

    it(`${id}: MSL start (sine zero and rising, everything at rest, spring unstretched) — all at rest, no acceleration yet`, () => {
      // inertia1.w = ratio*inertia2.w = 0; zero drive, zero spring and damper torques; the
      // lumped inertia1+gear+inertia2 has J1*a1 = -g, J2*a2 = ratio*g, a1 = ratio*a2: a = 0.
      const f = only(m, "msl_start", "ZERO|REST|REST|UNLOADED|REST|UNLOADED");
      for (const v of ["inertia1.a", "inertia2.a", "inertia3.a", "inertia1.w"]) expect(f.supported(v), v).toEqual(["zero"]);
      // the rising sine is about to push inertia1 forward
      expect(f.supported("torque.d1__flange__tau")).toEqual(["negative"]);
      expect(f.supported("inertia1.d1__flange_a__tau")).toEqual(["positive"]);
      expect(f.supported("spring.d1__tau")).toEqual(["zero"]);
      // phase 0: the sine crosses zero rising, with no curvature yet (d2__y = -w^2*y = 0)
      expect(f.supported("sine.d1__y")).toEqual(["positive"]);
      expect(f.supported("sine.d2__y")).toEqual(["zero"]);
    });

    it(`${id}: positive half-wave from the MSL coordinates — motor and gear side accelerate forward`, () => {
      const f = only(m, "drive_positive", "POSITIVE|REST|REST|UNLOADED|REST|UNLOADED");
      expect(f.supported("inertia1.a")).toEqual(["positive"]);
      expect(f.supported("inertia2.a")).toEqual(["positive"]);
      expect(f.supported("inertia3.a")).toEqual(["zero"]); // the unstretched spring transmits nothing yet
      expect(f.supported("damper.d1__tau")).toEqual(["negative"]); // the bearing damper starts to resist
      expect(f.supported("sine.d2__y")).toEqual(["negative"]); // a positive half-wave curves back down
      const g = only(m, "drive_negative", "NEGATIVE|REST|REST|UNLOADED|REST|UNLOADED");
      expect(g.supported("inertia1.a")).toEqual(["negative"]);
      expect(g.supported("inertia2.a")).toEqual(["negative"]);
      expect(g.supported("damper.d1__tau")).toEqual(["positive"]);
      expect(g.supported("sine.d2__y")).toEqual(["positive"]);
    });

    it(`${id}: without restrictions inertia1 and inertia2 share a direction and the damper opposes it`, () => {
      const labels = consistent(m, "base").map((f) => f.label);
      // sine (3) × common speed sign of inertia1/inertia2 (3) × spring (3) × inertia3 (3)
      expect(labels).toHaveLength(81);
      const damperFor: Record<string, string> = { ROTATING_POSITIVE: "NEGATIVE_LOAD", REST: "UNLOADED", ROTATING_NEGATIVE: "POSITIVE_LOAD" };
      for (const l of labels) {
        const [, i1, i2, , , damper] = l.split("|");
        expect(i1).toBe(i2);
        expect(damper).toBe(damperFor[i2]);
      }
    });
  }
});

describe("mechanics_compare_braking_torque", () => {
  const m = mechanism("mechanics_compare_braking_torque");
  it("has 324 composite states (four inertias, sign and inverse torques with two regimes)", () => {
    expect(countCompositeStates(m)).toBe(324);
  });

  it("MSL start (w = 100 > w0): every inertia turns forward and decelerates", () => {
    const f = only(m, "msl_start", "ROTATING_POSITIVE|HIGH_SPEED|ROTATING_POSITIVE|ROTATING_POSITIVE|ROTATING_POSITIVE|HIGH_SPEED");
    for (const i of [1, 2, 3, 4]) expect(f.supported(`inertia${i}.a`), `inertia${i}`).toEqual(["negative"]);
    expect(f.supported("signTorque.d1__tau")).toEqual(["zero"]); // constant -100 N.m
    expect(f.supported("linearSpeedDependentTorque.d1__tau")).toEqual(["positive"]); // -w shrinks
    expect(f.supported("quadraticSpeedDependentTorque.d1__tau")).toEqual(["positive"]); // -w^2/100 shrinks
    expect(f.supported("inverseSpeedDependentTorque.d1__tau")).toEqual(["negative"]); // -1e4/w grows
  });

  it("below w0 the sign and inverse torques are regularised; every braking torque shrinks", () => {
    const f = only(m, "low_speed", "ROTATING_POSITIVE|LOW_SPEED|ROTATING_POSITIVE|ROTATING_POSITIVE|ROTATING_POSITIVE|LOW_SPEED");
    for (const i of [1, 2, 3, 4]) expect(f.supported(`inertia${i}.a`)).toEqual(["negative"]);
    for (const s of ["signTorque", "linearSpeedDependentTorque", "quadraticSpeedDependentTorque", "inverseSpeedDependentTorque"]) {
      expect(f.supported(`${s}.d1__tau`), s).toEqual(["positive"]);
    }
  });

  it("at rest nothing brakes", () => {
    const f = only(m, "at_rest", "REST|LOW_SPEED|REST|REST|REST|LOW_SPEED");
    for (const i of [1, 2, 3, 4]) expect(f.supported(`inertia${i}.a`)).toEqual(["zero"]);
  });

  it("without restrictions each inertia's direction fixes its regime up to the w0 boundary", () => {
    // inertia1 × signTorque: 5 pairs (HIGH_SPEED needs w != 0), inertias 2, 3: 3 each, inertia4 × inverse: 5
    expect(consistent(m, "base")).toHaveLength(5 * 3 * 3 * 5);
  });
});

describe("mechanics_grounded_geared_dual_inertia", () => {
  const m = mechanism("mechanics_grounded_geared_dual_inertia");
  it("has 27 composite states (inertia1, inertia2, damper)", () => {
    expect(countCompositeStates(m)).toBe(27);
  });

  it("from rest the positive drive accelerates both inertias and the damper starts to resist", () => {
    const f = only(m, "from_rest", "REST|REST|UNLOADED");
    expect(f.supported("inertia1.w")).toEqual(["zero"]);
    expect(f.supported("inertia1.a")).toEqual(["positive"]);
    expect(f.supported("inertia2.a")).toEqual(["positive"]);
    expect(f.supported("damper.d1__tau")).toEqual(["negative"]);
    expect(f.supported("idealGear.flange_b.tau")).toEqual(["negative"]);
  });

  it("turning forward, drive and damping oppose: the acceleration is ambiguous (below, at or above terminal speed)", () => {
    const f = only(m, "spinning_forward", "ROTATING_POSITIVE|ROTATING_POSITIVE|NEGATIVE_LOAD");
    expect(f.supported("inertia2.a")).toEqual(["negative", "zero", "positive"]);
    expect(f.supported("inertia1.a")).toEqual(["negative", "zero", "positive"]);
    // the gear still pushes the load forward: if it did not, the load would decelerate and
    // the motor (a1 = ratio*a2 < 0) would need g = T - J1*a1 > 0 after all
    expect(f.supported("idealGear.flange_b.tau")).toEqual(["negative"]);
  });

  it("turning backward, drive and damping agree: both inertias accelerate forward", () => {
    const f = only(m, "spinning_backward", "ROTATING_NEGATIVE|ROTATING_NEGATIVE|POSITIVE_LOAD");
    expect(f.supported("inertia1.a")).toEqual(["positive"]);
    expect(f.supported("inertia2.a")).toEqual(["positive"]);
    expect(f.supported("damper.tau")).toEqual(["positive"]);
  });

  it("without restrictions the inertias share a direction and the damper opposes it", () => {
    expect(consistent(m, "base").map((f) => f.label)).toEqual([
      "ROTATING_NEGATIVE|ROTATING_NEGATIVE|POSITIVE_LOAD",
      "REST|REST|UNLOADED",
      "ROTATING_POSITIVE|ROTATING_POSITIVE|NEGATIVE_LOAD",
    ]);
  });
});
