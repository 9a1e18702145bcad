// Reveal the hidden wall, roll the ball toward it at 1.6 m/s and step one timestep at a time
// (in 0.2 s batches) with a ball–wall collision check after each; the answer is the time
// after the launch of the first contact.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { eachStep, round } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "find_objects, set the ball's velocity to (1.6, 0, 0), step one timestep at a time with detect_collision(ball, wall); report the time of first contact",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [s] = yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [1.6, 0, 0] } }];
    const t0 = s.sim_time;
    return yield* eachStep(
      [{ tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_3" } }],
      { batch: 40, maxBatches: 15, failure: "the ball never reached the wall" },
      ([c]) => (c.result!.collision_detected ? round(c.sim_time - t0) : undefined),
    );
  },
  closedForm: { value: (2.3 - 0.1) / 1.6, tolerance: 0.02, formula: "t = (x_wall − r − x₀)/v = (2.3 − 0.1 − 0)/1.6" },
};
