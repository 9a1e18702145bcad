// Delete the right weight, follow the left weight's height until it has dropped 5 cm;
// α = ω/t from object_2's speed (ω = v/d) after 0.05 s.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
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
    const z0 = (p0.result!.position as number[])[2];
    const t0 = p0.result!.time as number;
    let alpha = NaN;
    let prevDrop = 0;
    let prevT = t0;
    for (let batch = 0; batch < 5; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_position", parameters: { object_id: "object_2" } },
          { tool: "get_velocity", parameters: { object_id: "object_2" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const p = res[3 * i + 1].result!;
        const drop = z0 - (p.position as number[])[2];
        const t = (p.time as number) - t0;
        if (Number.isNaN(alpha) && t >= 0.05 - 1e-9) alpha = Math.hypot(...(res[3 * i + 2].result!.velocity as number[])) / (D * t);
        if (drop >= 0.05) {
          const tt = prevT - t0 + ((0.05 - prevDrop) / (drop - prevDrop)) * (t - (prevT - t0));
          return [Math.round(alpha * 100) / 100, Math.round(tt * 1000) / 1000];
        }
        prevDrop = drop;
        prevT = p.time as number;
      }
    }
    throw new Error("the weight never dropped 5 cm");
  },
  closedForm: { value: [ALPHA, Math.sqrt((2 * Math.asin(0.05 / D)) / ALPHA)], tolerance: 0.03, formula: "[mgd/I, √(2·asin(0.05/d)/α)] with m = 2, d = 0.8, I = (1/12)·1·2² + 2d² + (1/12)·2·(0.2² + 0.2²)" },
};
