import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { createWithMass, launch, round } from "../procedures.ts";

const G = 9.81;
/** Where the pebble is created: 2.1 m up, beside the ledge's edge at x = -0.15. */
const Z0 = 2.1;

// Object creation + projectile motion + kinetic energy.
export const variation = defineVariation({
  parameters: {
    r: { base: 0.1, min: 0.05, max: 0.14, step: 0.01, unit: "m" },
    rho: { base: 1500, min: 500, max: 3000, step: 100, unit: "kg/m³" },
    v0: { base: 2, min: 0.5, max: 5, step: 0.5, unit: "m/s" },
    t: { base: 0.6, min: 0.2, max: 0.6, step: 0.05, unit: "s" },
  },
  // the pebble must still be in flight when the energy is read
  constraint: ({ r, t }) => (G * t * t / 2 > Z0 - r - 0.05 ? `the pebble reaches the floor before ${fmt(t)} s` : null),
  world: () => [],
  text: ({ r, rho, v0, t }) => [
    ["radius 0.1 m and density 1500 kg/m³", `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³`],
    ["velocity of 2 m/s along +x", `velocity of ${fmt(v0)} m/s along +x`],
    ["0.6 s after the throw", `${fmt(t)} s after the throw`],
    ["velocity to [2, 0, 0], step 0.6 s", `velocity to [${fmt(v0)}, 0, 0], step ${fmt(t)} s`],
    ["density 1500, radius 0.1)", `density ${fmt(rho)}, radius ${fmt(r)})`],
    ["velocity to [2, 0, 0], steps 0.6 s", `velocity to [${fmt(v0)}, 0, 0], steps ${fmt(t)} s`],
  ],
  procedure: ({ r, rho, v0, t }) => ({
    summary: `create the pebble (r ${fmt(r)} m, ${fmt(rho)} kg/m³) at (0, 0, 2.1), read its mass, set v = [${fmt(v0)}, 0, 0], step ${fmt(t)} s, report get_kinetic_energy`,
    *run() {
      const m = yield* createWithMass({ name: "pebble", pos: [0, 0, Z0], density: rho, radius: r });
      const [ke] = yield* launch("pebble", [v0, 0, 0], t, [{ tool: "get_kinetic_energy", parameters: { object_id: "pebble", mass: m } }]);
      return round(ke.result!.kinetic_energy as number);
    },
    closedForm: {
      value: 0.5 * rho * (4 / 3) * Math.PI * r ** 3 * (v0 ** 2 + (G * t) ** 2),
      tolerance: 0.02,
      formula: `KE = ½·ρ·(4/3)π·r³·(v₀² + (g·t)²) = ½ × ${fmt(rho)} × (4/3)π × ${fmt(r)}³ × (${fmt(v0)}² + (9.81 × ${fmt(t)})²)`,
    },
  }),
});

export const reference = baseProcedure(variation);
