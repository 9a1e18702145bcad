// Create the ball at the ledge's edge, launch it horizontally at 3.1 m/s and step until it
// first touches the floor (coarse steps while far, then single timesteps with a collision
// check); the answer is the horizontal distance from the ledge's edge to the landing point.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { perStep, position, round, stepsWith, velocity } from "../procedures.ts";

const R = 0.05;

export const reference: ReferenceProcedure = {
  summary: "create the ball at (0.5, 0, 1.0 + r), set v = (3.1, 0, 0), step until it touches the floor, report x − 0.5 at first contact",
  *run() {
    yield [
      { tool: "create_objects", parameters: { name: "ball", pos: [0.5, 0, 1.0 + R], radius: R, density: 1000 } },
      { tool: "set_velocity", parameters: { object_id: "ball", velocity_vector: [3.1, 0, 0] } },
    ];
    let [p, v] = yield [
      { tool: "get_position", parameters: { object_id: "ball" } },
      { tool: "get_velocity", parameters: { object_id: "ball" } },
    ];
    for (;;) {
      const gap = position(p)[2] - R;
      const speed = Math.abs(velocity(v)[2]);
      if (gap > speed * 0.1 + 0.5 * 9.81 * 0.01 + 0.05) {
        [, p, v] = yield [
          { tool: "step", parameters: { duration: 0.1 } },
          { tool: "get_position", parameters: { object_id: "ball" } },
          { tool: "get_velocity", parameters: { object_id: "ball" } },
        ];
        continue;
      }
      const rs = yield stepsWith(30, [
        { tool: "detect_collision", parameters: { obj1_id: "ball", obj2_id: "object_2" } },
        { tool: "get_position", parameters: { object_id: "ball" } },
      ]);
      for (const [c, q] of perStep(rs, 2)) {
        if (c.result!.collision_detected) return round(position(q)[0] - 0.5);
      }
      throw new Error("no contact within the fine steps");
    }
  },
  closedForm: { value: 3.1 * Math.sqrt((2 * 1.0) / 9.81), tolerance: 0.03, formula: "d = v·√(2H/g) = 3.1 × √(2 × 1.0 / 9.81) (the ball's lowest point falls the ledge height H)" },
};
