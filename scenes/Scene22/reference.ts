// Reveal the hidden crate, push it along +x with 15 N for 1 s, read its speed.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "find_objects, apply (15, 0, 0) N to the hidden crate for 1.0 s, report its speed",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [, v] = yield [
      { tool: "apply_force", parameters: { object_id: "object_2", force_vector: [15, 0, 0], duration: 1.0 } },
      { tool: "get_velocity", parameters: { object_id: "object_2" } },
    ];
    const [vx, vy, vz] = v.result!.velocity as number[];
    return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
  },
  closedForm: { value: (15 - 0.3 * 2 * 9.81) / 2 * 1.0, tolerance: 0.03, formula: "v = (F − μ·m·g)/m · t = (15 − 0.3 × 2 × 9.81)/2 × 1.0" },
};
