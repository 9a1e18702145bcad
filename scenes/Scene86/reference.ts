// Push up for 1 s, then coast; step until v_z < 0 and report the rise and the apex time.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 40;
const A = 8 / 0.5 - 9.81;

export const reference: ReferenceProcedure = {
  summary: "apply [0,0,8] N for 1 s, then step 5 ms at a time reading z and v_z until v_z < 0; report [max Δz, interpolated apex time]",
  *run() {
    const [p0, , v1] = yield [
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [0, 0, 8], duration: 1 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
    ];
    const z0 = (p0.result!.position as number[])[2];
    const t0 = p0.result!.time as number;
    let maxZ = z0;
    let prevV = (v1.result!.velocity as number[])[2];
    let prevT = t0 + 1;
    for (let batch = 0; batch < 10; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const p = res[3 * i + 1].result!;
        const z = (p.position as number[])[2];
        const t = p.time as number;
        const v = (res[3 * i + 2].result!.velocity as number[])[2];
        maxZ = Math.max(maxZ, z);
        if (v < 0) {
          const apex = prevT + (t - prevT) * (prevV / (prevV - v));
          return [Math.round((maxZ - z0) * 1000) / 1000, Math.round((apex - t0) * 1000) / 1000];
        }
        prevV = v;
        prevT = t;
      }
    }
    throw new Error("no apex");
  },
  closedForm: { value: [0.5 * A + (A * A) / (2 * 9.81), 1 + A / 9.81], tolerance: 0.02, formula: "[½a·1² + (a·1)²/(2g), 1 + a/g] with a = F/m − g, F = 8, m = 0.5" },
};
