// Let the loaded platform settle, delete the load, step until the platform's vertical velocity
// turns negative, and report the rise and the time to the top.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { position, round, time, verticalTurn } from "../procedures.ts";

const BATCH = 20;

export const reference: ReferenceProcedure = {
  summary: "step 0.5 s, read z, delete the load, step 5 ms at a time until v_z < 0; report [max Δz, time of the top (interpolated v_z = 0)]",
  *run() {
    const [, p0] = yield [
      { tool: "step", parameters: { duration: 0.5 } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
    ];
    const z0 = position(p0)[2];
    const t0 = time(p0);
    yield [{ tool: "delete_objects", parameters: { object_id: "object_2" } }];
    const top = yield* verticalTurn("object_1", 1, { z: z0, t: t0, v: 0 }, { batch: BATCH, maxBatches: 10, failure: "the platform never reached a top" });
    return [round(top.reach), round(top.at - t0)];
  },
  closedForm: { value: [(2 * 2 * 9.81) / 200, Math.PI * Math.sqrt(0.5 / 200)], tolerance: 0.03, formula: "[2mg/k, π√(M/k)] with m = 2, M = 0.5, k = 200" },
};
