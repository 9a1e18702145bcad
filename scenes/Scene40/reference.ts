// Launch the ball toward the wall and step one timestep at a time (in 0.2 s batches) with a
// ball–wall collision check and the ball's position after each; the answer is the height of
// the ball's centre at the first contact.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "set v = (4, 0, 5), step one timestep at a time with detect_collision(ball, wall) and get_position(ball); report z at first contact",
  *run() {
    yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [4, 0, 5] } }];
    for (let k = 0; k < 12; k++) {
      const batch = [];
      for (let i = 0; i < 40; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } });
        batch.push({ tool: "get_position", parameters: { object_id: "object_1" } });
      }
      const rs = yield batch;
      for (let i = 1; i < rs.length; i += 3) {
        if (rs[i].result!.collision_detected) return Math.round((rs[i + 1].result!.position as number[])[2] * 1000) / 1000;
      }
    }
    throw new Error("the ball never reached the wall");
  },
  closedForm: {
    value: 0.3 + 5 * (2.45 / 4) - 0.5 * 9.81 * (2.45 / 4) ** 2,
    tolerance: 0.02,
    formula: "t = (2.5 − r)/v_x = 2.45/4, z = z₀ + v_z·t − ½g·t² with z₀ = 0.3, v_z = 5",
  },
};
