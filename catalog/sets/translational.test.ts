// Translational catalog: a hand-derived sign test for each new component type, and the
// consistent composite states of each mechanism in its start situation (the derivations
// are written out in docs/catalog/translational.md).
import { describe, expect, it } from "vitest";
import { builtinLibrary, builtinMechanism } from "../mod.ts";
import { loadMechanism } from "../../engine/model/load_mechanism.ts";
import type { MechanismModel } from "../../engine/model/model.ts";
import { compile, type CompositeState, compositeStates, countCompositeStates, stateLabel } from "../../engine/compile/compile.ts";
import { solve } from "../../engine/solve/solver.ts";

/** A consistent composite state: its label and the cells each variable takes in some interpretation. */
interface Found {
  label: string;
  state: CompositeState;
  supported: (name: string) => string[];
}

function consistent(m: MechanismModel, scenario: string, fixed: CompositeState = {}): Found[] {
  const out: Found[] = [];
  for (const s of compositeStates(m, fixed)) {
    const sol = solve(compile(m, s, scenario).problem);
    if (sol.count === 0n) continue;
    out.push({
      label: stateLabel(m, s),
      state: s,
      supported: (name) => {
        const i = m.variableIndex.get(name);
        if (i === undefined) throw new Error(`no variable ${name} in ${m.id}`);
        return sol.supported[i].map((c) => m.variables[i].cells[c]);
      },
    });
  }
  return out;
}

const labels = (found: Found[]) => found.map((f) => f.label);

/** The one consistent state of a scenario, checked against its expected label. */
function only(m: MechanismModel, scenario: string, label: string): Found {
  const found = consistent(m, scenario);
  expect(labels(found), `${m.id} / ${scenario}`).toEqual([label]);
  return found[0];
}

/** Asserts that each variable takes exactly the given cell (forced). */
function expectForced(f: Found, cells: Record<string, string>): void {
  for (const [name, cell] of Object.entries(cells)) expect(f.supported(name), `${f.label}: ${name}`).toEqual([cell]);
}

function mechanism(id: string): MechanismModel {
  const m = builtinMechanism(id);
  if (!m) throw new Error(`no mechanism ${id}`);
  return m;
}

// A test rig: an inline mechanism against the built-in library, one scenario per case.
function rig(
  components: { name: string; type: string; parameters?: Record<string, string> }[],
  connections: string[][],
  free: string[],
  scenarios: Record<string, Record<string, string[]>>,
): MechanismModel {
  return loadMechanism(
    {
      id: "rig",
      components,
      connections,
      free,
      scenarios: [{ id: "base" }, ...Object.entries(scenarios).map(([id, restrict]) => ({ id, restrict }))],
    },
    "translational.test.ts",
    builtinLibrary(),
  );
}

/** Constant -> Force -> mass.flange_a, and a source under test on mass.flange_b (or nothing). */
function pushedMass(k: string, extra: { name: string; type: string; parameters?: Record<string, string> }[], extraConnections: string[][], free: string[], scenarios: Record<string, Record<string, string[]>>) {
  return rig(
    [
      { name: "push", type: "blocks.Constant", parameters: { k } },
      { name: "force", type: "translational.Force" },
      { name: "mass", type: "translational.Mass" },
      ...extra,
    ],
    [["push.y", "force.f"], ["force.flange", "mass.flange_a"], ...extraConnections],
    free,
    scenarios,
  );
}

/** A mass whose only force comes from a speed-dependent source on its flange_a. */
function brakedMass(type: string, fNominal: string, scenarios: Record<string, Record<string, string[]>>) {
  return rig(
    [
      { name: "mass", type: "translational.Mass" },
      { name: "src", type, parameters: { f_nominal: fNominal } },
    ],
    [["src.flange", "mass.flange_a"]],
    ["mass.flange_b"],
    scenarios,
  );
}

describe("component sign tests", () => {
  it("Force: flange.f = -f, so the body receives +f", () => {
    for (const [k, a, flangeF] of [["positive", "positive", "negative"], ["negative", "negative", "positive"], ["zero", "zero", "zero"]]) {
      const m = pushedMass(k, [], [], ["mass.flange_b"], {});
      const found = consistent(m, "base");
      expect(labels(found)).toEqual(["MOVING_NEGATIVE", "REST", "MOVING_POSITIVE"]);
      for (const f of found) expectForced(f, { "mass.a": a, "force.flange.f": flangeF, "mass.flange_a.f": a });
    }
  });

  it("blocks.Sine: harmonic output (offset 0) — the curvature opposes y, and y crosses zero with a nonzero slope", () => {
    // sine -> force -> mass.flange_a. y = A*sin(w*t + phase) gives y'' = -w^2*y, so
    // sign(d2__y) = -sign(y); at y = 0, |d1__y| = w*A > 0 (amplitude positive).
    const sineRig = (amplitude?: string) =>
      rig(
        [
          { name: "sine", type: "blocks.Sine", ...(amplitude ? { parameters: { amplitude } } : {}) },
          { name: "force", type: "translational.Force" },
          { name: "mass", type: "translational.Mass" },
        ],
        [["sine.y", "force.f"], ["force.flange", "mass.flange_a"]],
        ["mass.flange_b"],
        { crest: { "sine.y": ["positive"], "sine.d1__y": ["zero"] } },
      );
    const m = sineRig();
    // the sine's state does not restrict the mass's direction: 3 x 3 consistent states
    expect(labels(consistent(m, "base"))).toHaveLength(9);
    for (const [state, y, d2, d1] of [
      // y > 0: curving down; the slope takes every sign (rising, at the crest, falling)
      ["POSITIVE", "positive", "negative", ["negative", "zero", "positive"]],
      // y = 0: no curvature, and never a flat zero (that would need amplitude 0)
      ["ZERO", "zero", "zero", ["negative", "positive"]],
      // y < 0: curving up; the trough is the d1__y = 0 point
      ["NEGATIVE", "negative", "positive", ["negative", "zero", "positive"]],
    ] as const) {
      const found = consistent(m, "base", { sine: state });
      expect(found, state).toHaveLength(3);
      for (const f of found) {
        expectForced(f, { "sine.y": y, "sine.d2__y": d2, "force.f": y, "mass.a": y });
        expect(f.supported("sine.d1__y"), `${f.label}: sine.d1__y`).toEqual([...d1]);
        expect(f.supported("force.d1__f"), `${f.label}: force.d1__f`).toEqual([...d1]); // the signal's slope reaches the force
      }
    }
    // at the crest (y > 0, d1__y = 0) the slope can only turn negative next: d2__y < 0
    const crest = consistent(sineRig(), "crest");
    expect(crest.map((f) => f.state.sine)).toEqual(["POSITIVE", "POSITIVE", "POSITIVE"]);
    for (const f of crest) expectForced(f, { "sine.d2__y": "negative" });
    // a zero amplitude makes the output a flat zero: the crossing law then forces d1__y = 0
    const flat = consistent(sineRig("zero"), "base", { sine: "ZERO" });
    expect(flat).toHaveLength(3);
    for (const f of flat) expectForced(f, { "sine.d1__y": "zero", "sine.d2__y": "zero" });
  });

  it("Accelerate: a = a_ref; the flange force is what the motion needs (a negative reference pulls back)", () => {
    const m = rig(
      [
        { name: "ref", type: "blocks.Constant", parameters: { k: "negative" } },
        { name: "accelerate", type: "translational.Accelerate" },
        { name: "mass", type: "translational.Mass" },
      ],
      [["ref.y", "accelerate.a_ref"], ["accelerate.flange", "mass.flange_a"]],
      ["mass.flange_b"],
      { start: { "accelerate.v": ["positive"] } },
    );
    const f = only(m, "start", "MOVING_POSITIVE");
    expectForced(f, { "accelerate.a": "negative", "mass.a": "negative", "accelerate.flange.f": "positive", "mass.d2__s": "negative" });
  });

  it("Rod: a massless rod transmits a push unchanged to the wall, and offsets positions by its length", () => {
    const m = pushedMass(
      "positive",
      [{ name: "rod", type: "translational.Rod" }, { name: "wall", type: "translational.Fixed", parameters: { s0: "zero" } }],
      [["mass.flange_b", "rod.flange_a"], ["rod.flange_b", "wall.flange"]],
      [],
      {},
    );
    // the wall holds the rod, so the mass cannot move: only REST, with a = 0
    const f = only(m, "base", "REST");
    expectForced(f, {
      "mass.a": "zero",
      "rod.flange_a.f": "positive", // the mass pushes the rod in +s ...
      "rod.flange_b.f": "negative", // ... and the wall pushes back
      "wall.flange.f": "positive",
      "rod.s": "negative", // flange_b at 0, so the centre sits at -L/2 ...
      "rod.flange_a.s": "negative", // ... and flange_a at -L
    });
  });

  it("PositionSensor: reads flange.s and draws no force", () => {
    const m = pushedMass(
      "positive",
      [{ name: "sensor", type: "translational.PositionSensor" }],
      [["mass.flange_b", "sensor.flange"]],
      ["sensor.s"],
      { ahead: { "mass.s": ["positive"] } },
    );
    for (const f of consistent(m, "ahead")) {
      expectForced(f, { "sensor.flange.f": "zero", "mass.a": "positive", "sensor.s": "positive", "mass.flange_b.s": "positive" });
    }
  });

  it("SignForce brake: -f_nominal*sign(v) on the mass, constant above v0, linear in v below", () => {
    const m = brakedMass("translational.SignForce", "negative", {
      fast_forward: { "src.v": ["(v0,+inf)"] },
      slow_backward: { "src.v": ["(minus_v0,zero)"] },
      at_v0: { "src.v": ["v0"] },
    });
    const fast = only(m, "fast_forward", "MOVING_POSITIVE|SATURATED_POSITIVE");
    expectForced(fast, { "mass.flange_a.f": "negative", "src.f": "positive", "mass.a": "negative", "src.d1__f": "zero" });
    const slow = only(m, "slow_backward", "MOVING_NEGATIVE|REGULARISED");
    // f = -f_nominal*v/v0 < 0, the mass receives +; the mass slows (a > 0), so f rises toward 0
    expectForced(slow, { "mass.flange_a.f": "positive", "mass.a": "positive", "src.d1__f": "positive" });
    only(m, "at_v0", "MOVING_POSITIVE|SATURATED_POSITIVE"); // |v| >= v0 takes the sign branch
    // a positive f_nominal accelerates in both directions
    const push = brakedMass("translational.SignForce", "positive", { fast_forward: { "src.v": ["(v0,+inf)"] } });
    expectForced(only(push, "fast_forward", "MOVING_POSITIVE|SATURATED_POSITIVE"), { "mass.flange_a.f": "positive", "mass.a": "positive" });
  });

  it("SignForce: the mass's velocity and the source's branch agree (5 of 9 state pairs)", () => {
    const m = brakedMass("translational.SignForce", "negative", {});
    expect(labels(consistent(m, "base"))).toEqual([
      "MOVING_NEGATIVE|SATURATED_NEGATIVE",
      "MOVING_NEGATIVE|REGULARISED",
      "REST|REGULARISED",
      "MOVING_POSITIVE|REGULARISED",
      "MOVING_POSITIVE|SATURATED_POSITIVE",
    ]);
  });

  it("LinearSpeedDependentForce brake: a mass moving forward receives a negative force that fades as it slows", () => {
    const m = brakedMass("translational.LinearSpeedDependentForce", "negative", {});
    const found = consistent(m, "base");
    expect(labels(found)).toEqual(["MOVING_NEGATIVE", "REST", "MOVING_POSITIVE"]);
    expectForced(found[2], { "mass.flange_a.f": "negative", "src.f": "positive", "mass.a": "negative", "src.d1__f": "negative" });
    expectForced(found[1], { "mass.flange_a.f": "zero", "mass.a": "zero", "src.d1__f": "zero" });
    expectForced(found[0], { "mass.flange_a.f": "positive", "mass.a": "positive", "src.d1__f": "positive" });
  });

  it("QuadraticSpeedDependentForce brake: opposes the motion; at v = 0 even its rate of change vanishes", () => {
    const m = brakedMass("translational.QuadraticSpeedDependentForce", "negative", {});
    const found = consistent(m, "base");
    expect(labels(found)).toEqual(["MOVING_NEGATIVE", "REST", "MOVING_POSITIVE"]);
    expectForced(found[2], { "mass.flange_a.f": "negative", "mass.a": "negative", "src.d1__f": "negative" });
    expectForced(found[0], { "mass.flange_a.f": "positive", "mass.a": "positive", "src.d1__f": "positive" });
    // a mass at rest pushed forward: the linear brake's f = -f_nominal*v/v_nominal starts to
    // grow at once, the quadratic one's derivative (2|v|a) is still zero
    for (const [type, d1] of [["translational.QuadraticSpeedDependentForce", "zero"], ["translational.LinearSpeedDependentForce", "positive"]]) {
      const pushed = pushedMass("positive", [{ name: "src", type, parameters: { f_nominal: "negative" } }], [["mass.flange_b", "src.flange"]], [], {
        rest: { "mass.v": ["zero"] },
      });
      expectForced(only(pushed, "rest", "REST"), { "mass.a": "positive", "src.f": "zero", "src.d1__f": d1 });
    }
  });

  it("InverseSpeedDependentForce brake: opposes the motion; above v0 it grows as the mass slows", () => {
    const m = brakedMass("translational.InverseSpeedDependentForce", "negative", {
      fast_forward: { "src.v": ["(v0,+inf)"] },
      fast_backward: { "src.v": ["(-inf,minus_v0)"] },
      slow_forward: { "src.v": ["(zero,v0)"] },
    });
    // f = -f_nominal*v_nominal/v > 0 and d/dt f = f_nominal*v_nominal*a/v^2 > 0 (a < 0)
    expectForced(only(m, "fast_forward", "MOVING_POSITIVE|INVERSE_POSITIVE"), {
      "mass.flange_a.f": "negative", "src.f": "positive", "mass.a": "negative", "src.d1__f": "positive",
    });
    expectForced(only(m, "fast_backward", "MOVING_NEGATIVE|INVERSE_NEGATIVE"), {
      "mass.flange_a.f": "positive", "src.f": "negative", "mass.a": "positive", "src.d1__f": "negative",
    });
    // below v0 the regularised branch fades with v like the linear brake
    expectForced(only(m, "slow_forward", "MOVING_POSITIVE|REGULARISED"), { "mass.flange_a.f": "negative", "src.d1__f": "negative" });
  });

  describe("Brake", () => {
    // Constant push -> Force -> mass.flange_a; mass.flange_b -> brake.flange_a; normal force from a Constant.
    const brakeRig = (normal: string, scenarios: Record<string, Record<string, string[]>>) =>
      pushedMass(
        "positive",
        [{ name: "normal", type: "blocks.Constant", parameters: { k: normal } }, { name: "brake", type: "translational.Brake" }],
        [["mass.flange_b", "brake.flange_a"], ["normal.y", "brake.f_normalized"]],
        ["brake.flange_b"],
        scenarios,
      );

    it("is FREE when the normal force is zero: no friction, the push accelerates the mass", () => {
      const m = brakeRig("zero", {});
      const found = consistent(m, "base");
      expect(labels(found)).toEqual(["MOVING_NEGATIVE|FREE", "REST|FREE", "MOVING_POSITIVE|FREE"]);
      for (const f of found) expectForced(f, { "brake.fn": "zero", "brake.f": "zero", "mass.flange_b.f": "zero", "mass.a": "positive" });
    });

    it("slides forward with a mass moving forward: the body feels -f < 0", () => {
      const m = brakeRig("positive", { forward: { "mass.v": ["positive"] }, backward: { "mass.v": ["negative"] } });
      expectForced(only(m, "forward", "MOVING_POSITIVE|SLIDING_FORWARD"), { "mass.flange_b.f": "negative", "brake.fn": "positive" });
      const back = only(m, "backward", "MOVING_NEGATIVE|SLIDING_BACKWARD");
      // friction and push both act forward on a mass moving backward
      expectForced(back, { "mass.flange_b.f": "positive", "mass.a": "positive" });
      expect(back.supported("brake.f")).toEqual(["(-inf,minus_f0_max)", "minus_f0_max", "(minus_f0_max,zero)"]);
    });

    it("holds a pushed mass at rest while the holding force is within the static limit", () => {
      const m = brakeRig("positive", { rest: { "mass.v": ["zero"] }, overloaded: { "mass.v": ["zero"], "brake.f": ["(f0_max,+inf)"] } });
      const stuck = only(m, "rest", "REST|STUCK");
      expectForced(stuck, { "mass.a": "zero", "mass.flange_b.f": "negative" });
      // the brake holds against the push: f = sa > 0, at most f0_max
      expect(stuck.supported("brake.f")).toEqual(["(zero,f0_max)", "f0_max"]);
      // a push beyond the static limit cannot be held at rest
      expect(labels(consistent(m, "overloaded"))).toEqual([]);
    });

    it("declares the MSL mode changes as transitions with guards", () => {
      const brake = builtinLibrary().get("translational.Brake")!.table.type;
      const pairs = brake.transitions.map((t) => `${t.from}->${t.to}:${t.event}`);
      expect(pairs).toContain("STUCK->SLIDING_FORWARD:f");
      expect(pairs).toContain("SLIDING_FORWARD->STUCK:v");
      expect(pairs).toContain("FREE->STUCK:fn");
      expect(brake.transitions.find((t) => t.from === "STUCK" && t.to === "SLIDING_BACKWARD")!.source).toEqual({ f: ["minus_f0_max"] });
    });
  });
});

describe("mechanisms in their start situations", () => {
  it("mechanics_damper (core): the d1 form of v_rel = der(s_rel) shows each damper's compression relaxing", () => {
    const m = mechanism("mechanics_damper");
    const f = only(m, "moving_toward_wall", "MOVING_POSITIVE|NEGATIVE_LOAD|MOVING_POSITIVE|NEGATIVE_LOAD|UNLOADED|MOVING_POSITIVE|NEGATIVE_LOAD");
    // v_rel = -v < 0 and d1__v_rel = -a > 0: the damper force f = d*v_rel < 0 rises toward 0
    expectForced(f, { "damper1.d1__v_rel": "positive", "damper1.d1__f": "positive", "damper2.d1__f": "positive", "springDamper3.d1__v_rel": "positive" });
    // the spring-damper's rate c*d1__stretch + d*d1__v_rel has terms of both signs
    expect(f.supported("springDamper3.d1__f")).toEqual(["negative", "zero", "positive"]);
  });

  it("mechanics_sign_convention: pushing flange_a, pulling flange_b and the flipped drawing all give +1 N", () => {
    const m = mechanism("mechanics_sign_convention");
    expect(countCompositeStates(m)).toBe(27);
    const f = only(m, "msl_start", "REST|REST|REST");
    expectForced(f, {
      "mass1.a": "positive", "mass2.a": "positive", "mass3.a": "positive",
      "force1.flange.f": "negative", "mass1.flange_a.f": "positive",
      "mass2.flange_b.f": "positive", "mass3.flange_b.f": "positive",
      "mass1.flange_a.s": "negative", "mass1.flange_b.s": "positive",
    });
    // without the start restrictions every velocity is possible, but a stays positive
    const base = consistent(m, "base");
    expect(base).toHaveLength(27);
    for (const b of base) expectForced(b, { "mass1.a": "positive", "mass2.a": "positive", "mass3.a": "positive" });
  });

  it("mechanics_accelerate: the source starts from rest, pushing the mass forward", () => {
    const m = mechanism("mechanics_accelerate");
    const f = only(m, "msl_start", "REST");
    expectForced(f, {
      "accelerate.a": "positive", "mass.a": "positive", "mass.d2__flange_b__s": "positive",
      "accelerate.flange.f": "negative", "mass.flange_a.f": "positive",
      "mass.flange_a.s": "zero", "mass.s": "positive",
    });
    expect(labels(consistent(m, "base"))).toEqual(["MOVING_NEGATIVE", "REST", "MOVING_POSITIVE"]);
  });

  it("mechanics_why_arrows: sensors read -, +, +; both stretched springs pull their masses back", () => {
    const m = mechanism("mechanics_why_arrows");
    expect(countCompositeStates(m)).toBe(81);
    const f = only(m, "msl_start", "POSITIVE_LOAD|REST|POSITIVE_LOAD|REST");
    expectForced(f, {
      "positionSensor1.s": "negative", "positionSensor2.s": "positive", "positionSensor3.s": "positive",
      "mass1.a": "negative", "inertia2.a": "negative", "mass1.flange_b.f": "negative", "inertia2.flange_b.f": "negative",
      "spring1.f": "positive", "spring1.d1__f": "zero",
    });
    // the readings do not depend on the dynamic part
    for (const b of consistent(m, "base", { mass1: "MOVING_POSITIVE", spring1: "NEGATIVE_LOAD" })) {
      expectForced(b, { "positionSensor1.s": "negative", "positionSensor2.s": "positive", "positionSensor3.s": "positive" });
    }
  });

  it("mechanics_oscillator: from rest with the sine at its rising zero, both masses start unforced", () => {
    const m = mechanism("mechanics_oscillator");
    expect(countCompositeStates(m)).toBe(2187);
    const f = only(m, "msl_start", "REST|UNLOADED|ZERO|REST|UNLOADED|ZERO|UNLOADED");
    expectForced(f, {
      "mass1.a": "zero", "mass2.a": "zero", "spring1.f": "zero", "damper1.f": "zero", "damper1.d1__f": "zero",
      // the rising sine makes the force on each mass start to grow
      "force1.d1__flange__f": "negative", "mass1.d1__flange_a__f": "positive", "force2.d1__flange__f": "negative",
      // phase 0: the sines are at their zero crossing, so neither curves yet (d2__y = -w^2*y = 0)
      "sine1.d2__y": "zero", "sine2.d2__y": "zero",
    });
    // a mass moving forward compresses its spring (its force starts to fall) and loads the damper in compression
    for (const b of consistent(m, "base", { mass2: "MOVING_POSITIVE", spring1: "UNLOADED", mass1: "REST", sine1: "ZERO" })) {
      expect(b.state.damper1).toBe("NEGATIVE_LOAD");
      expectForced(b, { "spring2.d1__f": "negative" });
    }
  });

  it("mechanics_initial_conditions: the top chain rests; the compressed spring pushes m1 forward", () => {
    const m = mechanism("mechanics_initial_conditions");
    expect(countCompositeStates(m)).toBe(729);
    const f = only(m, "msl_start", "UNLOADED|REST|REST|NEGATIVE_LOAD|REST|REST");
    expectForced(f, {
      "m3.a": "zero", "m4.a": "zero", "m1.a": "positive", "m2.a": "zero",
      "s1.f": "negative", "m1.flange_a.f": "positive", "sd1.f": "zero", "sd2.f": "zero", "m2.v": "zero",
      "s1.d1__f": "zero", // m1 is still at rest ...
      "sd1.d1__f": "negative", // ... but accelerates into sd1, which starts to be compressed
      "sd2.d1__f": "zero",
    });
  });

  it("mechanics_compare_braking_force: at v = 100 every brake decelerates its mass, each force changing its own way", () => {
    const m = mechanism("mechanics_compare_braking_force");
    expect(countCompositeStates(m)).toBe(729);
    const f = only(m, "msl_start", "MOVING_POSITIVE|SATURATED_POSITIVE|MOVING_POSITIVE|MOVING_POSITIVE|MOVING_POSITIVE|INVERSE_POSITIVE");
    expectForced(f, {
      "mass1.a": "negative", "mass2.a": "negative", "mass3.a": "negative", "mass4.a": "negative",
      "mass1.flange_a.f": "negative", "mass2.flange_a.f": "negative", "mass3.flange_a.f": "negative", "mass4.flange_a.f": "negative",
      "signForce.d1__f": "zero", // constant -100 N
      "linearSpeedDependentForce.d1__f": "negative", // |force| = v shrinks
      "quadraticSpeedDependentForce.d1__f": "negative", // |force| = v^2/100 shrinks
      "inverseSpeedDependentForce.d1__f": "positive", // |force| = 1e4/v grows
    });
    const slow = only(m, "below_v0", "MOVING_POSITIVE|REGULARISED|MOVING_POSITIVE|MOVING_POSITIVE|MOVING_POSITIVE|REGULARISED");
    expectForced(slow, { "mass1.a": "negative", "signForce.d1__f": "negative", "inverseSpeedDependentForce.d1__f": "negative" });
    // base: each source's branch must match its mass's motion: 5 * 3 * 3 * 5
    expect(consistent(m, "base")).toHaveLength(225);
  });

  it("mechanics_branched_three_mass: the hub starts alone; later both leaf dampers are in tension", () => {
    const m = mechanism("mechanics_branched_three_mass");
    expect(countCompositeStates(m)).toBe(2187);
    const f = only(m, "start_at_rest", "REST|UNLOADED|REST|UNLOADED|UNLOADED|REST|UNLOADED");
    expectForced(f, {
      "hub.a": "positive", "leaf1.a": "zero", "leaf2.a": "zero", "force.flange.f": "negative",
      "spring1.d1__f": "zero", "spring2.d1__f": "zero", "hub.flange_b.f": "zero",
      "damper1.d1__f": "zero", "damper2.d1__f": "zero", // the leaves do not accelerate yet
    });
    const moving = consistent(m, "all_moving_forward");
    // the springs may be in any load (they oscillate); the dampers follow the leaves
    expect(moving).toHaveLength(9);
    for (const x of moving) {
      expect([x.state.damper1, x.state.damper2]).toEqual(["POSITIVE_LOAD", "POSITIVE_LOAD"]);
      expectForced(x, { "damper1.f": "positive", "damper2.f": "positive" });
      // leaf1 feels -f_spring1 - f_damper1: held back unless its spring is compressed
      if (x.state.spring1 !== "NEGATIVE_LOAD") expectForced(x, { "leaf1.flange_a.f": "negative" });
      else expect(x.supported("leaf1.flange_a.f")).toEqual(["negative", "zero", "positive"]);
    }
  });
});
