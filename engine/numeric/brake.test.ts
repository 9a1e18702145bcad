import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { builtinLibrary, COMPONENT_FILES } from "../../catalog/mod.ts";
import { ComponentLibraryFile } from "../model/component_type.ts";
import { checkQuantitative } from "./quantitative_check.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { buildSystem } from "./assemble.ts";
import { integrateHybrid } from "./integrate.ts";
import { checkMechanism } from "./check.ts";
import { NumericBlockSchema } from "./model.ts";

const fixture = JSON.parse(readFileSync(new URL("./fixtures/mass_on_brake.json", import.meta.url), "utf8"));
const mechanism = (data: unknown) => loadMechanism(data, "inline.json", builtinLibrary());
const build = (data: { numeric: unknown }) => {
  const model = mechanism(data);
  const block = NumericBlockSchema.parse(data.numeric);
  return { model, block, sys: buildSystem(model, builtinLibrary(), block) };
};

/** The fixture with a constant force `k` pushing the mass forward (its left flange now driven). */
const pushed = (id: string, k: number) => {
  const data = structuredClone(fixture);
  data.id = id;
  data.components.push({ name: "push", type: "translational.Force" }, { name: "force", type: "blocks.Constant" });
  data.connections.push(["push.flange", "mass.flange_a"], ["force.y", "push.f"]);
  data.free = ["brake.flange_b"];
  data.numeric.parameters["force.k"] = k;
  return data;
};

describe("stick–slip brakes", () => {
  it("decelerate a sliding mass linearly, stop it at the hand-derived time and hold it with no force", () => {
    const { sys, block } = build(fixture);
    expect(sys.modes).toBeDefined();
    const modes = sys.modes!;
    // friction mu_pos*cgeo*fn = 0.5*1*(2*6) = 6 on m = 2: deceleration 3, v0 = 3, so t* = 1
    const run = integrateHybrid(modes, sys.y0, block.stopTime, { points: 40 });
    expect(run.events.length).toBe(1);
    expect(Math.abs(run.events[0].t - 1)).toBeLessThan(1e-6);
    expect(modes.names(run.events[0].from)).toEqual(["brake=SLIDING_FORWARD"]);
    expect(modes.names(run.events[0].to)).toEqual(["brake=STUCK"]);
    for (const { t, y, mode } of run.samples) {
      const o = modes.observe(mode, t, y);
      if (t < 1 - 1e-9) {
        expect(o["mass.v"]).toBeCloseTo(3 - 3 * t, 8);
        expect(o["brake.f"]).toBeCloseTo(6, 10);
      } else if (t > 1 + 1e-9) {
        expect(Math.abs(o["mass.v"])).toBe(0);
        expect(Math.abs(o["mass.a"])).toBe(0);
        expect(o["mass.s"]).toBeCloseTo(2.5, 6);
        expect(Math.abs(o["brake.f"])).toBe(0);
      }
    }
  });
  it("hold a mass pushed below the breakaway limit with the pushing force", () => {
    const data = pushed("pushed_mass_on_brake", 4);
    data.numeric.stopTime = 5;
    const { sys, block } = build(data);
    const modes = sys.modes!;
    // net deceleration (6 − 4)/2 = 1 from v0 = 3: stuck at t* = 3, then the brake holds the 4 N push
    const run = integrateHybrid(modes, sys.y0, block.stopTime, { points: 50 });
    expect(run.events.map((e) => modes.names(e.to))).toEqual([["brake=STUCK"]]);
    expect(Math.abs(run.events[0].t - 3)).toBeLessThan(1e-6);
    for (const { t, y, mode } of run.samples) {
      const o = modes.observe(mode, t, y);
      if (t < 3 - 1e-9) expect(o["mass.v"]).toBeCloseTo(3 - t, 8);
      else if (t > 3 + 1e-9) {
        expect(Math.abs(o["mass.v"])).toBe(0);
        expect(o["brake.f"]).toBeCloseTo(4, 10);
      }
    }
  });
  it("breaks away when the holding force reaches the limit, in its direction", () => {
    // at rest, pushed by 8 against a limit of 6: sliding forward from the start, a = (8 − 6)/2
    const data = pushed("overpushed_mass_on_brake", 8);
    data.numeric.start["mass.v"] = 0;
    const { sys, block } = build(data);
    const modes = sys.modes!;
    const run = integrateHybrid(modes, sys.y0, block.stopTime, { points: 20 });
    expect(modes.names(run.samples[0].mode)).toEqual(["brake=SLIDING_FORWARD"]);
    const last = run.samples[run.samples.length - 1];
    expect(modes.observe(last.mode, last.t, last.y)["mass.v"]).toBeCloseTo(2, 8);
  });
  it("pass the numerical check with both sliding and stuck observed", () => {
    const { model, block } = build(fixture);
    const r = checkMechanism(model, { mechanism: model.id, build: (b) => buildSystem(model, builtinLibrary(), b) }, block);
    const items = [...r.states, ...r.transitions];
    expect(items.filter((x) => x.disposition === "contradiction" || x.disposition === "inconclusive")).toEqual([]);
    expect(r.states.some((s) => s.label.includes("STUCK"))).toBe(true);
    expect(r.states.some((s) => s.label.includes("SLIDING_FORWARD"))).toBe(true);
    expect(r.transitions.length).toBeGreaterThan(0);
  });
  it("stop an inertia on the rotational brake and pass its numerical check", () => {
    const data = {
      id: "inertia_on_brake",
      components: [
        { name: "inertia", type: "rotational.Inertia" },
        { name: "brake", type: "rotational.Brake" },
        { name: "normal", type: "blocks.Constant" },
      ],
      connections: [["inertia.flange_b", "brake.flange_a"], ["normal.y", "brake.f_normalized"]],
      free: ["inertia.flange_a", "brake.flange_b"],
      scenarios: [{ id: "base" }],
      numeric: {
        parameters: { "inertia.J": 2, "brake.fn_max": 2, "brake.cgeo": 1, "brake.mu": 0.5, "brake.peak": 1.5, "normal.k": 6 },
        start: { "inertia.phi": 1, "inertia.w": 3 },
        stopTime: 2,
      },
    };
    const { model, sys, block } = build(data);
    const modes = sys.modes!;
    const run = integrateHybrid(modes, sys.y0, block.stopTime, { points: 40 });
    expect(run.events.map((e) => modes.names(e.to))).toEqual([["brake=STUCK"]]);
    expect(Math.abs(run.events[0].t - 1)).toBeLessThan(1e-6);
    const last = run.samples[run.samples.length - 1];
    expect(Math.abs(modes.observe(last.mode, last.t, last.y)["inertia.w"])).toBe(0);
    const r = checkMechanism(model, { mechanism: model.id, build: (b) => buildSystem(model, builtinLibrary(), b) }, block);
    expect([...r.states, ...r.transitions].filter((x) => x.disposition === "contradiction" || x.disposition === "inconclusive")).toEqual([]);
    expect(r.states.some((s) => s.label.includes("STUCK"))).toBe(true);
    expect(r.states.some((s) => s.label.includes("SLIDING_POSITIVE"))).toBe(true);
  });
});

describe("modes in a quantitative block", () => {
  it("are checked by the library loader: guards, targets and resets", () => {
    const file = COMPONENT_FILES.find((f) => f.file.endsWith("translational_braking.json"))!;
    const brake = ComponentLibraryFile.parse(file.data).types.find((t) => t.id === "translational.Brake")!;
    expect(checkQuantitative(brake)).toEqual([]);
    const bad = structuredClone(brake);
    const modes = bad.quantitative!.modes!;
    modes[1].transitions[0] = { to: "STOPPED", when: ["v <= w"], reset: { q: "0" } };
    modes[3].initial = ["fn"];
    const messages = checkQuantitative(bad).map((i) => i.message);
    expect(messages).toContain('type translational.Brake: mode SLIDING_FORWARD switches to "STOPPED", which is not a mode of the type');
    expect(messages).toContain('type translational.Brake, mode SLIDING_FORWARD, guard "v <= w": unknown name "w"');
    expect(messages).toContain('type translational.Brake: mode SLIDING_FORWARD resets "q", which is not a variable of the type');
    expect(messages.some((m) => m.startsWith('type translational.Brake, mode STUCK, initial guard "fn": expected a comparison'))).toBe(true);
  });
});
