// Push the crate with 12 N for 0.5 s (below μ·m·g ≈ 14.7 N) and see whether it moves.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "apply (12, 0, 0) N to the crate for 0.5 s, read its velocity and displacement: 1 if it slides, 2 if it stays",
  *run() {
    const [, v, d] = yield [
      { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [12, 0, 0], duration: 0.5 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
      { tool: "get_displacement", parameters: { object_id: "object_1" } },
    ];
    const [vx, vy, vz] = v.result!.velocity as number[];
    const moved = Math.hypot(vx, vy, vz) > 0.01 || (d.result!.displacement as number) > 0.01;
    return moved ? 1 : 2;
  },
  closedForm: { value: 2, tolerance: 0, formula: "F = 12 N < μ·m·g = 0.5 × 3 × 9.81 = 14.7 N, so static friction holds the crate (code 2)" },
};
