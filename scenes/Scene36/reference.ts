// Set the two balls moving toward each other, then step one timestep at a time (in 0.2 s
// batches) with a collision check and ball A's position after each; the answer is A's x at the
// first contact.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { eachStep, position, round } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "set v_A = (1.2, 0, 0), v_B = (−0.8, 0, 0); step one timestep at a time with detect_collision(A, B) and get_position(A); report A's x at first contact",
  *run() {
    yield [
      { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [1.2, 0, 0] } },
      { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [-0.8, 0, 0] } },
    ];
    return yield* eachStep(
      [
        { tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ],
      { batch: 40, maxBatches: 12, failure: "the balls never met" },
      ([c, p]) => (c.result!.collision_detected ? round(position(p)[0]) : undefined),
    );
  },
  closedForm: {
    value: -1.0 + 1.2 * ((1.5 - -1.0 - 0.2) / (1.2 + 0.8)),
    tolerance: 0.02,
    formula: "contact when the gap 2.5 − 2r = 2.3 m has closed at 2.0 m/s: t = 1.15 s, x_A = −1.0 + 1.2·t",
  },
};
