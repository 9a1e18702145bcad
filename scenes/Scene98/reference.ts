// Reveal the crate, launch it, step until it stops, report the distance and μ = v₀²/(2gd).
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
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
    const start = p0.result!.position as number[];
    for (let batch = 0; batch < 12; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_velocity", parameters: { object_id: "object_2" } },
          { tool: "get_position", parameters: { object_id: "object_2" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        if ((res[3 * i + 1].result!.velocity as number[])[0] <= 0.001) {
          const p = res[3 * i + 2].result!.position as number[];
          const d = Math.hypot(p[0] - start[0], p[1] - start[1]);
          return [Math.round(d * 1000) / 1000, Math.round((4 / (2 * 9.81 * d)) * 1000) / 1000];
        }
      }
    }
    throw new Error("the crate never stopped");
  },
  closedForm: { value: [4 / (2 * MU * 9.81), MU], tolerance: 0.03, formula: "[v₀²/(2μg), μ] with v₀ = 2, μ = 0.35" },
};
