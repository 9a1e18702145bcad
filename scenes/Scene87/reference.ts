// Push 1 s, coast; step until the crate stops; report the distance and the stopping time.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 60;
const MUG = 0.25 * 9.81;
const A1 = 12 / 2 - MUG;
const V1 = A1;

export const reference: ReferenceProcedure = {
  summary: "apply [12,0,0] N for 1 s, then step 5 ms at a time reading vₓ and x until vₓ ≤ 0.001; report [distance, time interpolated to vₓ = 0]",
  *run() {
    const [p0, , v1] = yield [
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [12, 0, 0], duration: 1 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    const start = position(p0);
    const t0 = time(p0);
    let prevV = velocity(v1)[0];
    let prevT = t0 + 1;
    return yield* eachStep(
      [{ tool: "get_velocity", parameters: { object_id: "object_1" } }, { tool: "get_position", parameters: { object_id: "object_1" } }],
      { batch: BATCH, maxBatches: 10, failure: "the crate never stopped" },
      ([vr, p]) => {
        const v = velocity(vr)[0];
        const t = time(p);
        if (v <= 0.001) {
          const x = position(p);
          const stop = v >= prevV ? t : lerp(prevT, t, crossFraction(0, prevV, v));
          return [round(Math.hypot(x[0] - start[0], x[1] - start[1])), round(stop - t0)];
        }
        prevV = v;
        prevT = t;
      },
    );
  },
  closedForm: { value: [0.5 * A1 + (V1 * V1) / (2 * MUG), 1 + V1 / MUG], tolerance: 0.03, formula: "[½a₁t² + v²/(2μg), t + v/(μg)] with a₁ = F/m − μg, v = a₁t, F = 12, m = 2, μ = 0.25, t = 1" },
};
