// Reveal the crate, launch it, step until it stops, report the distance and μ = v₀²/(2gd).
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { eachStep, position, round, velocity } from "../procedures.ts";

const BATCH = 40;
const MU = 0.35;

export const reference: ReferenceProcedure = {
  summary: "find_objects, v = [2,0,0], step 5 ms at a time until vₓ ≤ 1 mm/s, report [distance, v₀²/(2g·distance)]",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [p0] = yield [
      { tool: "get_position", parameters: { object_id: "object_2" } },
      { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [2, 0, 0] } },
    ];
    const start = position(p0);
    return yield* eachStep(
      [{ tool: "get_velocity", parameters: { object_id: "object_2" } }, { tool: "get_position", parameters: { object_id: "object_2" } }],
      { batch: BATCH, maxBatches: 12, failure: "the crate never stopped" },
      ([v, pr]) => {
        if (velocity(v)[0] <= 0.001) {
          const p = position(pr);
          const d = Math.hypot(p[0] - start[0], p[1] - start[1]);
          return [round(d), round(4 / (2 * 9.81 * d))];
        }
      },
    );
  },
  closedForm: { value: [4 / (2 * MU * 9.81), MU], tolerance: 0.03, formula: "[v₀²/(2μg), μ] with v₀ = 2, μ = 0.35" },
};
