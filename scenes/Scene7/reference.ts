// Release the ball, let it fall 0.8 s, read its velocity: the speed is |v_z|.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "step 0.8 s, read the ball's velocity, report |v_z|",
  *run() {
    const [, v] = yield [
      { tool: "step", parameters: { duration: 0.8 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    const vz = (v.result!.velocity as number[])[2];
    return Math.round(Math.abs(vz) * 1000) / 1000;
  },
  closedForm: { value: 9.81 * 0.8, tolerance: 0.05, formula: "v = g·t = 9.81 × 0.8" },
};
