// Delete the right weight, follow the left weight's height until it has dropped 5 cm;
// α = ω/t from object_2's speed (ω = v/d) after 0.05 s.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 40;
const D = 0.8;
const I = (1 / 12) * 1 * 4 + 2 * D * D + (1 / 12) * 2 * (0.04 + 0.04);
const ALPHA = (2 * 9.81 * D) / I;

export const reference: ReferenceProcedure = {
  summary: "delete object_3, step 5 ms at a time reading object_2's z; α = |v|/(0.8·t) at t = 0.05 s; time for Δz = 0.05 m interpolated",
  *run() {
    const [p0] = yield [
      { tool: "get_position", parameters: { object_id: "object_2" } },
      { tool: "delete_objects", parameters: { object_id: "object_3" } },
    ];
    const z0 = position(p0)[2];
    const t0 = time(p0);
    let alpha = NaN;
    let prevDrop = 0;
    let prevT = t0;
    return yield* eachStep(
      [{ tool: "get_position", parameters: { object_id: "object_2" } }, { tool: "get_velocity", parameters: { object_id: "object_2" } }],
      { batch: BATCH, maxBatches: 5, failure: "the weight never dropped 5 cm" },
      ([p, vr]) => {
        const drop = z0 - position(p)[2];
        const t = time(p) - t0;
        if (Number.isNaN(alpha) && t >= 0.05 - 1e-9) alpha = Math.hypot(...velocity(vr)) / (D * t);
        if (drop >= 0.05) return [round(alpha, 2), round(lerp(prevT - t0, t, crossFraction(0.05, prevDrop, drop)))];
        prevDrop = drop;
        prevT = time(p);
      },
    );
  },
  closedForm: { value: [ALPHA, Math.sqrt((2 * Math.asin(0.05 / D)) / ALPHA)], tolerance: 0.03, formula: "[mgd/I, √(2·asin(0.05/d)/α)] with m = 2, d = 0.8, I = (1/12)·1·2² + 2d² + (1/12)·2·(0.2² + 0.2²)" },
};
