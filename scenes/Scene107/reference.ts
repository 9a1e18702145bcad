// Create the ball, weld it to the platform, step until the platform turns upward; report the
// sag and the time of the lowest point.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 40;
const M = 1500 * (4 / 3) * Math.PI * 0.08 ** 3;
const K = 100;

export const reference: ReferenceProcedure = {
  summary: "create the ball, attach it, step 5 ms at a time until the platform's v_z > 0; report [max drop, interpolated time of the lowest point]",
  *run() {
    const [, , p0] = yield [
      { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 1.605], density: 1500, radius: 0.08 } },
      { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "ball" } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
    ];
    const z0 = (p0.result!.position as number[])[2];
    const t0 = p0.result!.time as number;
    let minZ = z0;
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
        minZ = Math.min(minZ, z);
        if (v > 0 && prevV < 0) {
          const bottom = prevT + (t - prevT) * (prevV / (prevV - v));
          return [Math.round((z0 - minZ) * 1000) / 1000, Math.round((bottom - t0) * 1000) / 1000];
        }
        prevV = v;
        prevT = t;
      }
    }
    throw new Error("the platform never turned");
  },
  closedForm: { value: [(2 * M * 9.81) / K, Math.PI * Math.sqrt((0.5 + M) / K)], tolerance: 0.03, formula: "[2mg/k, π√((M + m)/k)] with m = 1500·(4/3)π·0.08³, M = 0.5, k = 100" },
};
