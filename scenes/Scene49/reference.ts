// Reveal the hidden flywheel, apply a steady torque about its axle and sample its rotational
// energy every timestep (in 0.3 s batches) until it passes the asked energy; the crossing time
// is interpolated between samples.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { round, timeToReach } from "../procedures.ts";

/** The disk's moment of inertia about its axle, ½mr² (to 12 digits, so the published 0.18 is exact). */
const inertia = (m: number, r: number) => Number((0.5 * m * r * r).toPrecision(12));
const spinUpTime = (I: number, E: number, tau: number) => Math.sqrt(2 * I * E) / tau;

export const variation = defineVariation({
  parameters: {
    tau: { base: 0.6, min: 0.2, max: 1.5, step: 0.1, unit: "N·m" },
    E: { base: 5, min: 2, max: 10, step: 1, unit: "J" },
    // the hidden disk's mass and radius (the task states neither)
    m: { base: 4, min: 2, max: 8, step: 0.5, unit: "kg" },
    r: { base: 0.3, min: 0.2, max: 0.4, step: 0.05, unit: "m" },
  },
  // a spin-up of a few timesteps is too coarse to time; one past the procedure's 7.5 s is never reached
  constraint: ({ tau, E, m, r }) => {
    const t = spinUpTime(inertia(m, r), E, tau);
    if (t < 0.5) return `the energy would be reached after ${fmt(t)} s, too soon to time`;
    if (t > 6) return `the energy would be reached only after ${fmt(t)} s`;
    return null;
  },
  world: ({ m, r }) => [
    { tag: "geom", name: "disk", attr: "mass", value: m },
    { tag: "geom", name: "disk", attr: "size", value: r, index: 0 },
  ],
  text: ({ tau, E }) => [
    ["torque of 0.6 N·m", `torque of ${fmt(tau)} N·m`],
    ["torque of (0, 0, 0.6) N·m", `torque of (0, 0, ${fmt(tau)}) N·m`],
    ["to reach 5 J", `to reach ${fmt(E)} J`],
    ["reaches 5 J", `reaches ${fmt(E)} J`],
  ],
  procedure: ({ tau, E, m, r }) => {
    const I = inertia(m, r);
    return {
      summary: `find_objects, apply_torque (0, 0, ${fmt(tau)}) persistently, step one timestep at a time reading get_rotational_energy until it reaches ${fmt(E)} J; report the interpolated time`,
      *run() {
        yield [{ tool: "find_objects", parameters: {} }];
        yield [{ tool: "apply_torque", parameters: { object_id: "object_2", torque_vector: [0, 0, tau] } }];
        return round(yield* timeToReach(
          { tool: "get_rotational_energy", parameters: { object_id: "object_2" } },
          (res) => res.result!.rotational_energy as number,
          E,
          // 7.5 s: the constraint keeps the spin-up under 6 s
          { batch: 60, maxBatches: 25, failure: `the flywheel never reached ${fmt(E)} J` },
        ));
      },
      closedForm: {
        value: spinUpTime(I, E, tau),
        tolerance: 0.02,
        formula: `E = (τt)²/(2I), I = ½mr² = ${fmt(I)} kg·m², so t = √(2IE)/τ = √(2 × ${fmt(I)} × ${fmt(E)})/${fmt(tau)}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
