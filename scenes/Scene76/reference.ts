// Throw the ball horizontally, step one timestep at a time (in batches) until it touches the
// floor, and report the horizontal distance and the speed at the first contact.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { eachStep, position, round, velocity } from "../procedures.ts";

const BATCH = 20;

export const reference: ReferenceProcedure = {
  summary: "set v = [3,0,0], step 5 ms at a time with collision checks until the ball touches the floor, report [x distance, speed] at first contact",
  *run() {
    const [p0] = yield [
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [3, 0, 0] } },
    ];
    const x0 = position(p0)[0];
    return yield* eachStep(
      [
        { tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ],
      { batch: BATCH, maxBatches: 15, failure: "the ball never reached the floor" },
      ([c, p, vr]) => {
        if (!c.result!.collision_detected) return undefined;
        const v = velocity(vr);
        return [round(position(p)[0] - x0), round(Math.hypot(v[0], v[1], v[2]))];
      },
    );
  },
  closedForm: {
    value: [3 * Math.sqrt((2 * 1.2) / 9.81), Math.sqrt(9 + 2 * 9.81 * 1.2)],
    tolerance: 0.03,
    formula: "[v₀·√(2h/g), √(v₀² + 2gh)] with v₀ = 3, h = 1.2",
  },
};
