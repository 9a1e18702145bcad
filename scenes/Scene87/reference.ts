// Push 1 s, coast; step until the crate stops; report the distance and the stopping time.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
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
    const start = p0.result!.position as number[];
    const t0 = p0.result!.time as number;
    let prevV = (v1.result!.velocity as number[])[0];
    let prevT = t0 + 1;
    for (let batch = 0; batch < 10; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const v = (res[3 * i + 1].result!.velocity as number[])[0];
        const p = res[3 * i + 2].result!;
        const t = p.time as number;
        if (v <= 0.001) {
          const x = p.position as number[];
          const stop = v >= prevV ? t : prevT + (t - prevT) * (prevV / (prevV - v));
          return [Math.round(Math.hypot(x[0] - start[0], x[1] - start[1]) * 1000) / 1000, Math.round((stop - t0) * 1000) / 1000];
        }
        prevV = v;
        prevT = t;
      }
    }
    throw new Error("the crate never stopped");
  },
  closedForm: { value: [0.5 * A1 + (V1 * V1) / (2 * MUG), 1 + V1 / MUG], tolerance: 0.03, formula: "[½a₁t² + v²/(2μg), t + v/(μg)] with a₁ = F/m − μg, v = a₁t, F = 12, m = 2, μ = 0.25, t = 1" },
};
