// Push up for 1 s, then coast; step until v_z < 0 and report the rise and the apex time.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { position, round, time, velocity, verticalTurn } from "../procedures.ts";

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
    const z0 = position(p0)[2];
    const t0 = time(p0);
    // the push leaves it rising, so the first turn of v_z is the apex
    const apex = yield* verticalTurn("object_1", 1, { z: z0, t: t0 + 1, v: velocity(v1)[2] }, { batch: BATCH, maxBatches: 10, failure: "no apex" });
    return [round(apex.reach), round(apex.at - t0)];
  },
  closedForm: { value: [0.5 * A + (A * A) / (2 * 9.81), 1 + A / 9.81], tolerance: 0.02, formula: "[½a·1² + (a·1)²/(2g), 1 + a/g] with a = F/m − g, F = 8, m = 0.5" },
};
