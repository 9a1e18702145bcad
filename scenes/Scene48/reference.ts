// Reveal the hidden wall, roll the ball toward it at 1.6 m/s and step one timestep at a time
// (in 0.2 s batches) with a ball–wall collision check after each; the answer is the time
// after the launch of the first contact.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "find_objects, set the ball's velocity to (1.6, 0, 0), step one timestep at a time with detect_collision(ball, wall); report the time of first contact",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [s] = yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [1.6, 0, 0] } }];
    const t0 = s.sim_time;
    for (let k = 0; k < 15; k++) {
      const batch = [];
      for (let i = 0; i < 40; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_3" } });
      }
      const rs = yield batch;
      for (let i = 1; i < rs.length; i += 2) {
        if (rs[i].result!.collision_detected) return Math.round((rs[i].sim_time - t0) * 1000) / 1000;
      }
    }
    throw new Error("the ball never reached the wall");
  },
  closedForm: { value: (2.3 - 0.1) / 1.6, tolerance: 0.02, formula: "t = (x_wall − r − x₀)/v = (2.3 − 0.1 − 0)/1.6" },
};
