// Create a ball (radius r, density ρ) 5 m up, push it upward with a steady force F, read its acceleration.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const G = 9.81;
const massOf = (r: number, rho: number) => rho * (4 / 3) * Math.PI * r ** 3;

export const variation = defineVariation({
  parameters: {
    r: { base: 0.2, min: 0.1, max: 0.3, step: 0.05, unit: "m" },
    rho: { base: 500, min: 100, max: 1000, step: 50, unit: "kg/m³" },
    F: { base: 100, min: 10, max: 300, step: 10, unit: "N" },
  },
  // a ball shot up at more than 3 g is no longer the gentle lift the question describes
  constraint: ({ r, rho, F }) => {
    const a = F / massOf(r, rho) - G;
    return a > 3 * G ? `a_z = ${fmt(a)} m/s²: the push dwarfs the weight` : null;
  },
  world: () => [],
  text: ({ r, rho, F }) => [
    ["radius 0.2 m and density 500 kg/m³", `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³`],
    ["upward force of 100 N", `upward force of ${fmt(F)} N`],
    ["force (0, 0, 100) N", `force (0, 0, ${fmt(F)}) N`],
  ],
  procedure: ({ r, rho, F }) => ({
    summary: `create the ball at (0, 0, 5), apply a persistent ${fmt(F)} N upward force, step 0.2 s, report the vertical acceleration`,
    *run() {
      const [, , , a] = yield [
        { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 5], radius: r, density: rho } },
        { tool: "apply_force", parameters: { object_id: "ball", force_vector: [0, 0, F] } },
        { tool: "step", parameters: { duration: 0.2 } },
        { tool: "get_acceleration", parameters: { object_id: "ball" } },
      ];
      return Math.round((a.result!.z as number) * 1000) / 1000;
    },
    closedForm: {
      value: F / massOf(r, rho) - G,
      tolerance: 0.02,
      formula: `a_z = F/m − g with m = ρ·(4/3)·π·r³ = ${fmt(rho)} × (4/3)·π·${fmt(r)}³`,
    },
  }),
});

export const reference = baseProcedure(variation);
