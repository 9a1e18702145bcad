// Launch the ball toward the wall and step one timestep at a time (in 0.2 s batches) with a
// ball–wall collision check and the ball's position after each; the answer is the height of
// the ball's centre at the first contact.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { eachStep, position, round } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "set v = (4, 0, 5), step one timestep at a time with detect_collision(ball, wall) and get_position(ball); report z at first contact",
  *run() {
    yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [4, 0, 5] } }];
    return yield* eachStep(
      [
        { tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ],
      { batch: 40, maxBatches: 12, failure: "the ball never reached the wall" },
      ([c, p]) => (c.result!.collision_detected ? round(position(p)[2]) : undefined),
    );
  },
  closedForm: {
    value: 0.3 + 5 * (2.45 / 4) - 0.5 * 9.81 * (2.45 / 4) ** 2,
    tolerance: 0.02,
    formula: "t = (2.5 − r)/v_x = 2.45/4, z = z₀ + v_z·t − ½g·t² with z₀ = 0.3, v_z = 5",
  },
};
