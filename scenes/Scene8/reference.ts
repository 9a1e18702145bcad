// Launch the ball at (3, 0, 7) m/s, let it fly 1.1 s, read its height.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "set the ball's velocity to (3, 0, 7) m/s, step 1.1 s, report its height z",
  *run() {
    const [, , p] = yield [
      { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [3, 0, 7] } },
      { tool: "step", parameters: { duration: 1.1 } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
    ];
    const z = (p.result!.position as number[])[2];
    return Math.round(z * 1000) / 1000;
  },
  closedForm: { value: 4 + 7 * 1.1 - 0.5 * 9.81 * 1.1 * 1.1, tolerance: 0.02, formula: "z = z0 + vz·t − ½·g·t² = 4 + 7 × 1.1 − ½ × 9.81 × 1.1²" },
};
