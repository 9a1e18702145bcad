import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { createWithMass, round } from "../procedures.ts";

const G = 9.81;

// Object creation + density→mass + free fall + momentum.
export const variation = defineVariation({
  parameters: {
    r: { base: 0.1, min: 0.05, max: 0.2, step: 0.01, unit: "m" },
    rho: { base: 3000, min: 500, max: 8000, step: 500, unit: "kg/m³" },
    z: { base: 4, min: 2, max: 8, step: 0.5, unit: "m" },
    t: { base: 0.7, min: 0.3, max: 1.2, step: 0.05, unit: "s" },
  },
  // still falling when the momentum is read
  constraint: ({ r, z, t }) => (G * t * t / 2 > z - r - 0.05 ? `the probe lands before ${fmt(t)} s` : null),
  world: () => [],
  text: ({ r, rho, z, t }) => [
    [
      "radius 0.1 m and density 3000 kg/m³ at position (0, 0, 4) m",
      `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³ at position (0, 0, ${fmt(z)}) m`,
    ],
    ["0.7 s after it is created", `${fmt(t)} s after it is created`],
    ["fall 0.7 s", `fall ${fmt(t)} s`],
    ["pos [0, 0, 4], density 3000, radius 0.1)", `pos [0, 0, ${fmt(z)}], density ${fmt(rho)}, radius ${fmt(r)})`],
    ["steps 0.7 s", `steps ${fmt(t)} s`],
  ],
  procedure: ({ r, rho, z, t }) => ({
    summary: `create the probe (r ${fmt(r)} m, ${fmt(rho)} kg/m³) at (0, 0, ${fmt(z)}), read its mass, step ${
      fmt(t)
    } s, report |get_momentum|`,
    *run() {
      const m = yield* createWithMass({ name: "probe", pos: [0, 0, z], density: rho, radius: r });
      const [, mo] = yield [
        { tool: "step", parameters: { duration: t } },
        { tool: "get_momentum", parameters: { object_id: "probe", mass: m } },
      ];
      const q = mo.result!.momentum as { x: number; y: number; z: number };
      return round(Math.hypot(q.x, q.y, q.z));
    },
    closedForm: {
      value: rho * (4 / 3) * Math.PI * r ** 3 * G * t,
      tolerance: 0.02,
      formula: `p = ρ·(4/3)π·r³·g·t = ${fmt(rho)} × (4/3)π × ${fmt(r)}³ × 9.81 × ${fmt(t)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
