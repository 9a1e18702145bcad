// Kick the glider along the track, sample its velocity every timestep (in 0.2 s batches) until
// it has reversed twice, take the period as twice the time between the reversals
// (interpolated between samples) and compute k = 4π²m/T² with the glider's mass.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { masses, vxReversals } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "read the glider's mass, set v = (0.5, 0, 0), step one timestep at a time reading v_x until it has changed sign twice; T = 2(t₂ − t₁), report k = 4π²m/T²",
  *run() {
    const [m] = yield* masses("object_1");
    yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [0.5, 0, 0] } }];
    const reversals = yield* vxReversals("object_1", 2, 1);
    const T = 2 * (reversals[1] - reversals[0]);
    return Math.round(((4 * Math.PI * Math.PI * m) / (T * T)) * 1000) / 1000;
  },
  closedForm: { value: 60, tolerance: 0.01, formula: "T = 2π√(m/k), so k = 4π²m/T² (the spring's stiffness, 60 N/m)" },
};
