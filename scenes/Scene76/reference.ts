// Throw the ball horizontally, step one timestep at a time (in batches) until it touches the
// floor, and report the horizontal distance and the speed at the first contact.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 20;

export const reference: ReferenceProcedure = {
  summary: "set v = [3,0,0], step 5 ms at a time with collision checks until the ball touches the floor, report [x distance, speed] at first contact",
  *run() {
    const [p0] = yield [
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [3, 0, 0] } },
    ];
    const x0 = (p0.result!.position as number[])[0];
    for (let batch = 0; batch < 15; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        if (res[4 * i + 1].result!.collision_detected) {
          const x = (res[4 * i + 2].result!.position as number[])[0];
          const v = res[4 * i + 3].result!.velocity as number[];
          const speed = Math.hypot(v[0], v[1], v[2]);
          return [Math.round((x - x0) * 1000) / 1000, Math.round(speed * 1000) / 1000];
        }
      }
    }
    throw new Error("the ball never reached the floor");
  },
  closedForm: {
    value: [3 * Math.sqrt((2 * 1.2) / 9.81), Math.sqrt(9 + 2 * 9.81 * 1.2)],
    tolerance: 0.03,
    formula: "[v₀·√(2h/g), √(v₀² + 2gh)] with v₀ = 3, h = 1.2",
  },
};
