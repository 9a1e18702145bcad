// Kick the glider along the track, sample its velocity every timestep (in 0.2 s batches) until
// it has reversed twice, take the period as twice the time between the reversals
// (interpolated between samples) and compute k = 4π²m/T² with the glider's mass.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { masses, vxReversals } from "../procedures.ts";

/** Half the track's length less half the glider's: how far the glider may swing from x = 0 and stay on the track. */
const ROOM = 1.0 - 0.1;

export const variation = defineVariation({
  parameters: {
    k: { base: 60, min: 20, max: 150, step: 5, unit: "N/m" },
    m: { base: 0.75, min: 0.3, max: 1.5, step: 0.05, unit: "kg" },
    v0: { base: 0.5, min: 0.2, max: 1.2, step: 0.1, unit: "m/s" },
  },
  // the amplitude v₀·√(m/k) must keep the glider on the track
  constraint: ({ k, m, v0 }) => {
    const A = v0 * Math.sqrt(m / k);
    return A > ROOM ? `the amplitude ${fmt(A)} m carries the glider off the track` : null;
  },
  world: ({ k, m }) => [
    { tag: "joint", name: "object_1_joint", attr: "stiffness", value: k },
    { tag: "geom", name: "glider", attr: "mass", value: m },
  ],
  text: ({ v0 }) => [["velocity to (0.5, 0, 0) m/s", `velocity to (${fmt(v0)}, 0, 0) m/s`]],
  procedure: ({ k, v0 }) => ({
    summary: `read the glider's mass, set v = (${fmt(v0)}, 0, 0), step one timestep at a time reading v_x until it has changed sign twice; T = 2(t₂ − t₁), report k = 4π²m/T²`,
    *run() {
      const [m] = yield* masses("object_1");
      yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [v0, 0, 0] } }];
      const reversals = yield* vxReversals("object_1", 2, 1);
      const T = 2 * (reversals[1] - reversals[0]);
      return Math.round(((4 * Math.PI * Math.PI * m) / (T * T)) * 1000) / 1000;
    },
    closedForm: { value: k, tolerance: 0.01, formula: `T = 2π√(m/k), so k = 4π²m/T² (the spring's stiffness, ${fmt(k)} N/m)` },
  }),
});

export const reference = baseProcedure(variation);
