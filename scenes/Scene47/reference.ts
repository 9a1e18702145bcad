// Reveal the hidden block, kick it along the rail, and sample its velocity every timestep (in
// 0.2 s batches) until it has reversed twice; the reversals (interpolated between samples) are
// half a period apart.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { vxReversals } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "find_objects, set the block's velocity to (0.4, 0, 0), step one timestep at a time reading v_x until it has changed sign twice; report 2 × (t₂ − t₁)",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    yield [{ tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [0.4, 0, 0] } }];
    const reversals = yield* vxReversals("object_2", 2, 1);
    return Math.round(2 * (reversals[1] - reversals[0]) * 1000) / 1000;
  },
  closedForm: { value: 2 * Math.PI * Math.sqrt(1.2 / 30), tolerance: 0.01, formula: "T = 2π√(m/k) = 2π√(1.2 / 30)" },
};
