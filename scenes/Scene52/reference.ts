import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Newton's second law with kinetic friction: push 15 N for 1 s, read the speed.
export const reference: ReferenceProcedure = {
  summary: "apply [15, 0, 0] N for 1.0 s, read the crate's velocity, report |v_x|",
  *run() {
    const [, v] = yield [
      { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [15, 0, 0], duration: 1.0 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    return r3(Math.abs((v.result!.velocity as number[])[0]));
  },
  closedForm: { value: (15 - 0.3 * 2 * 9.81) / 2 * 1.0, tolerance: 0.04, formula: "v = (F − μ·m·g)/m · t = (15 − 0.3 × 2 × 9.81)/2 × 1.0" },
};
