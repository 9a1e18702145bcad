// Let the loaded platform settle, delete the load, step until the platform's vertical velocity
// turns negative, and report the rise and the time to the top.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 20;

export const reference: ReferenceProcedure = {
  summary: "step 0.5 s, read z, delete the load, step 5 ms at a time until v_z < 0; report [max Δz, time of the top (interpolated v_z = 0)]",
  *run() {
    const [, p0] = yield [
      { tool: "step", parameters: { duration: 0.5 } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
    ];
    const z0 = (p0.result!.position as number[])[2];
    const t0 = p0.result!.time as number;
    yield [{ tool: "delete_objects", parameters: { object_id: "object_2" } }];
    let maxZ = z0;
    let prevV = 0;
    let prevT = t0;
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
        if (v < 0 && prevV > 0) {
          const top = prevT + (t - prevT) * (prevV / (prevV - v));
          return [Math.round((maxZ - z0) * 1000) / 1000, Math.round((top - t0) * 1000) / 1000];
        }
        prevV = v;
        prevT = t;
      }
    }
    throw new Error("the platform never reached a top");
  },
  closedForm: { value: [(2 * 2 * 9.81) / 200, Math.PI * Math.sqrt(0.5 / 200)], tolerance: 0.03, formula: "[2mg/k, π√(M/k)] with m = 2, M = 0.5, k = 200" },
};
