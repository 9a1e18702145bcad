// Create the ball just beyond the ledge's edge and find, by trial, the horizontal launch speed
// that makes it first touch the floor at x = 2.0 m: each trial puts the ball back at the launch
// point, sets (v, 0, 0), steps one timestep at a time until the ball touches the floor and
// reads where; v is then scaled by the ratio of wanted to measured range.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { perStep, position, round, stepsWith } from "../procedures.ts";

const X0 = 0.55, Z0 = 0.85, TARGET = 2.0;

export const reference: ReferenceProcedure = {
  summary: "create the ball at (0.55, 0, 0.85); repeat: reset it there, set v = (v, 0, 0), step until it touches the floor, read x; v ← v·(2.0 − 0.55)/(x − 0.55) until |x − 2.0| < 0.5 mm; report v",
  *run() {
    yield [{ tool: "create_objects", parameters: { name: "ball", pos: [X0, 0, Z0], radius: 0.05, density: 1000 } }];
    let v = 2.0;
    for (let k = 0; k < 8; k++) {
      const rs = yield [
        { tool: "move_object", parameters: { object_id: "ball", x: X0, y: 0, z: Z0 } },
        { tool: "set_velocity", parameters: { object_id: "ball", velocity_vector: [v, 0, 0] } },
        ...stepsWith(120, [
          { tool: "detect_collision", parameters: { obj1_id: "ball", obj2_id: "object_2" } },
          { tool: "get_position", parameters: { object_id: "ball" } },
        ]),
      ];
      const landing = perStep(rs, 2, 2).find(([c]) => c.result!.collision_detected);
      if (!landing) throw new Error("the ball did not land within 0.6 s");
      const x = position(landing[1])[0];
      if (Math.abs(x - TARGET) < 5e-4) return round(v);
      v = (v * (TARGET - X0)) / (x - X0);
    }
    throw new Error("no convergence");
  },
  closedForm: { value: (TARGET - X0) / Math.sqrt((2 * 0.8) / 9.81), tolerance: 0.02, formula: "v = (x_target − x₀)/√(2H/g) = (2.0 − 0.55)/√(2 × 0.8 / 9.81)" },
};
