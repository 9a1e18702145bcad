// Reveal the hidden block, step 5 ms at a time until it has slid 1 m, interpolate the time,
// and infer μ from a = 2s/t².
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 40;
const S = 1.0;
const TH = (35 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "find_objects, step 5 ms at a time reading the block's position until |Δr| > 1 m; report [interpolated t, tan θ − 2s/(g t² cos θ)]",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_3" } }];
    const start = p0.result!.position as number[];
    let prevD = 0;
    let prevT = p0.result!.time as number;
    for (let batch = 0; batch < 10; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_position", parameters: { object_id: "object_3" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const p = res[2 * i + 1].result!;
        const x = p.position as number[];
        const d = Math.hypot(x[0] - start[0], x[1] - start[1], x[2] - start[2]);
        const t = p.time as number;
        if (d >= S) {
          const tt = prevT + ((S - prevD) / (d - prevD)) * (t - prevT);
          const mu = Math.tan(TH) - (2 * S) / (9.81 * tt * tt * Math.cos(TH));
          return [Math.round(tt * 1000) / 1000, Math.round(mu * 1000) / 1000];
        }
        prevD = d;
        prevT = t;
      }
    }
    throw new Error("the block never slid 1 m");
  },
  closedForm: {
    value: [Math.sqrt((2 * S) / (9.81 * (Math.sin(TH) - 0.3 * Math.cos(TH)))), 0.3],
    tolerance: 0.03,
    formula: "[√(2s/(g(sin θ − μ cos θ))), μ] with s = 1, θ = 35°, μ = 0.3",
  },
};
