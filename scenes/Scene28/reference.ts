// Find the constant force that pushes the puck 1.2 m in 0.8 s from rest, by trial: push with a
// guess for 0.8 s, measure the distance, put the puck back at rest where it started and scale
// the force by target/measured, until the distance is within 0.1 mm of 1.2 m.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "repeat: reset the puck to its start at rest, push with F for 0.8 s, read x; F ← F·1.2/Δx until |Δx − 1.2| < 1e-4; report F",
  *run() {
    const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
    const start = p0.result!.position as number[];
    let f = 5;
    for (let k = 0; k < 8; k++) {
      const [, , , p] = yield [
        { tool: "move_object", parameters: { object_id: "object_1", x: start[0], y: start[1], z: start[2] } },
        { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [0, 0, 0] } },
        { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [f, 0, 0], duration: 0.8 } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ];
      const d = (p.result!.position as number[])[0] - start[0];
      if (Math.abs(d - 1.2) < 1e-4) return Math.round(f * 1000) / 1000;
      f = (f * 1.2) / d;
    }
    throw new Error("no convergence");
  },
  closedForm: { value: (2 * 2.5 * 1.2) / (0.8 * 0.8), tolerance: 0.02, formula: "F = m·a = 2m·d/t² = 2 × 2.5 × 1.2 / 0.8²" },
};
