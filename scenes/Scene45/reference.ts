// Create the ball on the floor, pull it upward with a steady force and sample its
// displacement every timestep (in 0.2 s batches) until it has risen the asked height; the
// crossing time is interpolated between samples.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { round, timeToReach } from "../procedures.ts";

const R = 0.1;
const G = 9.81;
const massOf = (rho: number) => rho * (4 / 3) * Math.PI * R ** 3;

export const variation = defineVariation({
  parameters: {
    F: { base: 30, min: 20, max: 60, step: 1, unit: "N" },
    h: { base: 1.0, min: 0.5, max: 2.0, step: 0.1, unit: "m" },
    rho: { base: 500, min: 300, max: 1000, step: 50, unit: "kg/m³" },
  },
  // the force must beat the weight clearly, or the ball barely lifts (or never does)
  constraint: ({ F, rho }) => {
    const m = massOf(rho);
    const a = (F - m * G) / m;
    return a < 1 ? `the net upward acceleration ${fmt(a)} m/s² is too small` : null;
  },
  world: () => [],
  text: ({ F, h, rho }) => [
    ["density 500 kg/m³", `density ${fmt(rho)} kg/m³`],
    ["upward force of 30 N", `upward force of ${fmt(F)} N`],
    ["force (0, 0, 30)", `force (0, 0, ${fmt(F)})`],
    ["risen 1.0 m", `risen ${h.toFixed(1)} m`],
    ["reaches 1.0 m", `reaches ${h.toFixed(1)} m`],
  ],
  procedure: ({ F, h, rho }) => {
    const M = massOf(rho);
    return {
      summary: `create the ball at (0, 0, 0.1), apply (0, 0, ${fmt(F)}) N persistently, step one timestep at a time reading get_displacement until ${fmt(h)} m; report the interpolated time`,
      *run() {
        yield [
          { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 0.1], radius: R, density: rho } },
          { tool: "apply_force", parameters: { object_id: "ball", force_vector: [0, 0, F] } },
        ];
        return round(yield* timeToReach(
          { tool: "get_displacement", parameters: { object_id: "ball" } },
          (r) => r.result!.displacement as number,
          h,
          // 4 s: the slowest allowed rise (2 m at 1 m/s²) takes 2 s
          { batch: 40, maxBatches: 20, failure: `the ball never rose ${fmt(h)} m` },
        ));
      },
      closedForm: {
        value: Math.sqrt((2 * h) / ((F - M * G) / M)),
        tolerance: 0.02,
        formula: `m = ρ·(4/3)πr³ ≈ ${M.toFixed(3)} kg, a = (F − mg)/m, t = √(2h/a) with F = ${fmt(F)} N, h = ${fmt(h)} m`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
