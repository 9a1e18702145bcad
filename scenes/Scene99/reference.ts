// Reveal the hidden block, step 5 ms at a time until it has slid 1 m, interpolate the time,
// and infer μ from a = 2s/t².
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { crossFraction, eachStep, lerp, position, round, time } from "../procedures.ts";

const BATCH = 40;
const S = 1.0;
const TH = (35 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "find_objects, step 5 ms at a time reading the block's position until |Δr| > 1 m; report [interpolated t, tan θ − 2s/(g t² cos θ)]",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_3" } }];
    const start = position(p0);
    let prevD = 0;
    let prevT = time(p0);
    return yield* eachStep(
      [{ tool: "get_position", parameters: { object_id: "object_3" } }],
      { batch: BATCH, maxBatches: 10, failure: "the block never slid 1 m" },
      ([p]) => {
        const x = position(p);
        const d = Math.hypot(x[0] - start[0], x[1] - start[1], x[2] - start[2]);
        const t = time(p);
        if (d >= S) {
          const tt = lerp(prevT, t, crossFraction(S, prevD, d));
          const mu = Math.tan(TH) - (2 * S) / (9.81 * tt * tt * Math.cos(TH));
          return [round(tt), round(mu)];
        }
        prevD = d;
        prevT = t;
      },
    );
  },
  closedForm: {
    value: [Math.sqrt((2 * S) / (9.81 * (Math.sin(TH) - 0.3 * Math.cos(TH)))), 0.3],
    tolerance: 0.03,
    formula: "[√(2s/(g(sin θ − μ cos θ))), μ] with s = 1, θ = 35°, μ = 0.3",
  },
};
