// Reveal the hidden crate, give it 2.0 m/s along +x, and step 0.1 s at a time until it has
// stopped sliding; the answer is how far it slid (x at rest − x at launch).
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "find_objects, read the crate's x, set v = (2, 0, 0), step 0.1 s at a time until |v| < 1 mm/s, report the distance slid",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
    const x0 = (p0.result!.position as number[])[0];
    yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [2.0, 0, 0] } }];
    for (let k = 0; k < 14; k++) {
      const [, p, v] = yield [
        { tool: "step", parameters: { duration: 0.1 } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ];
      const vel = v.result!.velocity as number[];
      if (Math.hypot(vel[0], vel[1], vel[2]) < 0.001) {
        return Math.round(((p.result!.position as number[])[0] - x0) * 1000) / 1000;
      }
    }
    throw new Error("the crate did not stop");
  },
  closedForm: { value: (2.0 * 2.0) / (2 * 0.45 * 9.81), tolerance: 0.03, formula: "d = v₀²/(2μg) = 2.0² / (2 × 0.45 × 9.81)" },
};
