// The composer against its contract (docs/compose.md): the same seed gives the same bytes
// under every runtime, every gate rejects a candidate broken in its own way, and each drawn
// scenario's restrictions hold at t = 0 of its own numerical run, read here from the raw
// values by sign, not by the composer's projection.
import { describe, expect, it } from "vitest";
import { builtinLibrary } from "../../catalog/mod.ts";
import { sha256 } from "../files/sha256.ts";
import { numericSource } from "../numeric/source_model.ts";
import { buildSystem } from "../numeric/assemble.ts";
import { compose, composeCandidate } from "./compose.ts";
import { converterGate, frozenGate, libraryGate, numericGate, pathsGate } from "./gates.ts";
import type { ComposeSettings } from "../model/composer_record.ts";

const library = builtinLibrary();
const SMALL: ComposeSettings = { count: 4, components: { min: 3, max: 8 }, domains: ["translational", "rotational", "thermal", "electrical"] };

describe("compose", () => {
  const first = compose("test-seed", SMALL, library);

  it("gives byte-identical files for the same seed and settings, on every runtime", () => {
    const again = compose("test-seed", SMALL, library);
    expect(again.mechanisms.map((m) => m.text)).toEqual(first.mechanisms.map((m) => m.text));
    expect(again.record).toEqual(first.record);
    // recorded once under Node; Deno (npm run test:deno) must reach the same bytes
    expect(sha256(first.mechanisms.map((m) => m.text).join(""))).toBe("06c7f20e772badfce41a3e5595c9407448d01f7aa3ecf21d8fd232e813bba097");
  });

  it("gives other files for another seed", () => {
    const other = compose("other-seed", SMALL, library);
    expect(other.mechanisms.map((m) => m.text)).not.toEqual(first.mechanisms.map((m) => m.text));
  });

  it("accepts files that pass every gate again, and counts every candidate", () => {
    expect(first.mechanisms).toHaveLength(4);
    const rejected = Object.values(first.record.rejected).reduce((a, b) => a + b, 0);
    expect(first.record.candidates).toBe(4 + rejected);
    for (const m of first.mechanisms) {
      const loaded = libraryGate(m.file, m.data, library);
      expect("model" in loaded).toBe(true);
      expect(converterGate(m.file, m.data, library)).toBeNull();
      expect(numericGate(m.file, m.data, library)).toBeNull();
      const n = (m.data.components as unknown[]).length;
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(8);
    }
  });

  it("continues a composition from its progress to the same files", () => {
    let half: Parameters<NonNullable<Parameters<typeof compose>[3]>["onCandidate"] & {}>[1] | undefined;
    compose("test-seed", { ...SMALL, count: 4 }, library, {
      onCandidate: (_, state) => {
        if (state.mechanisms.length === 2 && !half) half = structuredClone(state);
      },
    });
    const resumed = compose("test-seed", SMALL, library, { from: half! });
    expect(resumed.mechanisms.map((m) => m.text)).toEqual(first.mechanisms.map((m) => m.text));
    expect(resumed.record).toEqual(first.record);
  });

  it("draws scenarios its own runs realize: every restriction holds at t = 0, by the raw value's sign", () => {
    let checked = 0;
    for (const m of first.mechanisms) {
      const n = numericSource({ file: m.file, data: m.data }, library);
      if ("reason" in n) throw new Error(n.reason);
      const starts = { start: n.block.start, ...(n.block.scenarios ?? {}) } as Record<string, Record<string, number>>;
      for (const s of m.data.scenarios as { id: string; restrict?: Record<string, string[]> }[]) {
        if (s.id === "base") continue;
        expect(starts[s.id], `${m.id} ${s.id} has a start`).toBeDefined();
        const sys = buildSystem(n.model, library, { ...n.block, start: starts[s.id] });
        const values = sys.observe(0, sys.y0);
        for (const [name, cells] of Object.entries(s.restrict ?? {})) {
          const x = values[name];
          const sign = x > 0 ? "positive" : x < 0 ? "negative" : "zero";
          expect([`${m.id} ${s.id} ${name}`, cells]).toEqual([`${m.id} ${s.id} ${name}`, [sign]]);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

/** A thermal mechanism: one capacitor cooled by an ambient through one conductor. */
function cooling(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: "cooling",
    title: "A cooling capacitor",
    components: [{ name: "cap", type: "thermal.HeatCapacitor" }, { name: "cond", type: "thermal.ThermalConductor" }, { name: "amb", type: "thermal.FixedTemperature" }],
    connections: [["cap.port", "cond.port_a"], ["cond.port_b", "amb.port"]],
    scenarios: [{ id: "base" }, { id: "start", restrict: { "cond.Q_flow": ["positive"] } }],
    numeric: { parameters: { "cap.C": 10, "cond.G": 2, "amb.T": 293 }, start: { "cap.T": 320 }, stopTime: 15 },
    ...extra,
  };
}

/**
 * Two inertias braked by a damper to the ground and a linear and a quadratic drag, joined by
 * a spring (a candidate of the first trials): inertia2 swings through w = 0 under the
 * quadratic drag, whose torque leaves zero with a zero first derivative.
 */
const swinging = {
  id: "swinging",
  title: "Two inertias, one under a quadratic drag",
  components: [
    { name: "fixed1", type: "rotational.Fixed" },
    { name: "inertia1", type: "rotational.Inertia" },
    { name: "damper1", type: "rotational.Damper" },
    { name: "inertia2", type: "rotational.Inertia" },
    { name: "spring1", type: "rotational.Spring" },
    { name: "drag1", type: "rotational.QuadraticSpeedDependentTorque" },
    { name: "drag2", type: "rotational.LinearSpeedDependentTorque" },
  ],
  connections: [
    ["fixed1.flange", "damper1.flange_a"],
    ["inertia1.flange_a", "damper1.flange_b", "drag2.flange"],
    ["inertia1.flange_b", "spring1.flange_a"],
    ["inertia2.flange_a", "spring1.flange_b"],
    ["inertia2.flange_b", "drag1.flange"],
  ],
  scenarios: [{ id: "base" }],
  numeric: {
    parameters: {
      "fixed1.phi0": 0, "inertia1.J": 1.51, "damper1.d": 5.67, "inertia2.J": 0.75, "spring1.c": 95.7, "spring1.phi_rel0": 0,
      "drag1.tau_nominal": -3.97, "drag1.w_nominal": 1, "drag2.tau_nominal": -3.95, "drag2.w_nominal": 1,
    },
    start: { "inertia1.phi": -0.140625, "inertia1.w": -1.234375, "inertia2.phi": -0.140625, "inertia2.w": 0 },
    stopTime: 2.37,
  },
};

describe("gates", () => {
  it("pass the fixture they are broken from", () => {
    const data = cooling();
    const loaded = libraryGate("cooling.json", data, library);
    expect("model" in loaded).toBe(true);
    expect(converterGate("cooling.json", data, library)).toBeNull();
    expect(numericGate("cooling.json", data, library)).toBeNull();
    expect(pathsGate("cooling.json", data, library)).toBeNull();
  });

  it("library: a type the library does not hold", () => {
    const data = cooling({ components: [...(cooling().components as object[]), { name: "x", type: "thermal.NoSuchType" }] });
    expect(libraryGate("broken.json", data, library)).toMatchObject({ gate: "library", reason: expect.stringContaining("NoSuchType") });
  });

  it("converter: a scenario no composite state satisfies", () => {
    const data = cooling({ scenarios: [{ id: "base" }, { id: "start", restrict: { "cond.Q_flow": ["positive"], "cond.dT": ["negative"] } }] });
    expect("model" in libraryGate("broken.json", data, library)).toBe(true);
    expect(converterGate("broken.json", data, library)).toMatchObject({ gate: "converter" });
  });

  it("numeric: a negative heat capacity runs against the qualitative laws", () => {
    const data = cooling({ numeric: { parameters: { "cap.C": -10, "cond.G": 2, "amb.T": 293 }, start: { "cap.T": 320 }, stopTime: 15 } });
    expect(numericGate("broken.json", data, library)).toMatchObject({ gate: "numeric" });
  });

  it("paths: a body reversing under a quadratic drag passes states the sound rules do not join", () => {
    expect(converterGate("swinging.json", swinging, library)).toBeNull();
    expect(numericGate("swinging.json", swinging, library)).toBeNull();
    expect(pathsGate("swinging.json", swinging, library)).toMatchObject({ gate: "paths", reason: expect.stringContaining("without an admissible path") });
  });

  it("frozen: a lone capacitor cooling to its ambient has one edge", () => {
    const loaded = libraryGate("cooling.json", cooling(), library);
    if (!("model" in loaded)) throw new Error(loaded.reason);
    expect(frozenGate(loaded.model, "start")).toMatchObject({ gate: "frozen", reason: expect.stringContaining("1 edge") });
  });

  it("composeCandidate names the gate of a rejected candidate", () => {
    const settings: ComposeSettings = { count: 1, components: { min: 3, max: 3 }, domains: ["thermal"] };
    const outcomes = Array.from({ length: 6 }, (_, i) => composeCandidate("frozen-probe", i, 0, settings, library));
    // three-component thermal mechanisms are a capacitor and an ambient or two capacitors: some are frozen
    for (const o of outcomes) if (o.rejection) expect(o.rejection.gate).toBe("frozen");
    expect(outcomes.some((o) => o.rejection)).toBe(true);
  });
});
