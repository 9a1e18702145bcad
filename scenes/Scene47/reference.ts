// Reveal the hidden block, kick it along the rail, and sample its velocity every timestep (in
// 0.2 s batches) until it has reversed twice; the reversals (interpolated between samples) are
// half a period apart.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { vxReversals } from "../procedures.ts";

/** Half the rail's length less half the block's: how far the block may swing and stay over the rail. */
const ROOM = 1.0 - 0.08;

export const variation = defineVariation({
  parameters: {
    k: { base: 30, min: 10, max: 80, step: 5, unit: "N/m" },
    m: { base: 1.2, min: 0.5, max: 2.5, step: 0.1, unit: "kg" },
    v0: { base: 0.4, min: 0.2, max: 1.0, step: 0.1, unit: "m/s" },
  },
  // the amplitude v₀·√(m/k) must keep the block over the rail
  constraint: ({ k, m, v0 }) => {
    const A = v0 * Math.sqrt(m / k);
    return A > ROOM ? `the amplitude ${fmt(A)} m carries the block past the rail's end` : null;
  },
  world: ({ k, m }) => [
    { tag: "joint", name: "object_2_joint", attr: "stiffness", value: k },
    { tag: "geom", name: "block", attr: "mass", value: m },
  ],
  text: ({ v0 }) => [["set its velocity to (0.4, 0, 0) m/s", `set its velocity to (${fmt(v0)}, 0, 0) m/s`]],
  procedure: ({ k, m, v0 }) => ({
    summary: `find_objects, set the block's velocity to (${fmt(v0)}, 0, 0), step one timestep at a time reading v_x until it has changed sign twice; report 2 × (t₂ − t₁)`,
    *run() {
      yield [{ tool: "find_objects", parameters: {} }];
      yield [{ tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [v0, 0, 0] } }];
      const reversals = yield* vxReversals("object_2", 2, 1);
      return Math.round(2 * (reversals[1] - reversals[0]) * 1000) / 1000;
    },
    closedForm: { value: 2 * Math.PI * Math.sqrt(m / k), tolerance: 0.01, formula: `T = 2π√(m/k) = 2π√(${fmt(m)} / ${fmt(k)})` },
  }),
});

export const reference = baseProcedure(variation);
