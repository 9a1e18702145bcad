// Release the ball and step until it first touches the floor: 0.1 s steps while the ball
// cannot reach the floor within the next step, then single timesteps with a collision check
// after each; the answer is the simulation time of the first contact.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "step 0.1 s at a time while the ball cannot reach the floor within a step, then one timestep at a time with detect_collision; report the time of first contact",
  *run() {
    let [p, v] = yield [
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    for (;;) {
      const gap = (p.result!.position as number[])[2] - 0.1;
      const speed = Math.abs((v.result!.velocity as number[])[2]);
      if (gap > speed * 0.1 + 0.5 * 9.81 * 0.01 + 0.05) {
        [, p, v] = yield [
          { tool: "step", parameters: { duration: 0.1 } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        ];
        continue;
      }
      // near the floor: single timesteps, each followed by a collision check
      const batch = [];
      for (let i = 0; i < 30; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } });
      }
      const rs = yield batch;
      for (let i = 1; i < rs.length; i += 2) {
        if (rs[i].result!.collision_detected) return Math.round(rs[i].sim_time * 1000) / 1000;
      }
      throw new Error("no contact within the fine steps");
    }
  },
  closedForm: { value: Math.sqrt((2 * (4.0 - 0.1)) / 9.81), tolerance: 0.02, formula: "t = √(2(h − r)/g) = √(2 × 3.9 / 9.81)" },
};
