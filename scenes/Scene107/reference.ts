// Create the ball, weld it to the platform, step until the platform turns upward; report the
// sag and the time of the lowest point.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { position, round, time, verticalTurn } from "../procedures.ts";

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
    const z0 = position(p0)[2];
    const t0 = time(p0);
    const bottom = yield* verticalTurn("object_1", -1, { z: z0, t: t0, v: 0 }, { batch: BATCH, maxBatches: 10, failure: "the platform never turned" });
    return [round(bottom.reach), round(bottom.at - t0)];
  },
  closedForm: { value: [(2 * M * 9.81) / K, Math.PI * Math.sqrt((0.5 + M) / K)], tolerance: 0.03, formula: "[2mg/k, π√((M + m)/k)] with m = 1500·(4/3)π·0.08³, M = 0.5, k = 100" },
};
