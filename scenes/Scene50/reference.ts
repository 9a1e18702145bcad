// Reveal the hidden block and sample its displacement every timestep (in 0.2 s batches) as it
// slides down the ramp, until it has moved 0.7 m; the crossing time is interpolated between
// samples.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const TH = (30 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "find_objects, step one timestep at a time reading the block's get_displacement until 0.7 m; report the interpolated time",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    let prev = { t: 0, d: 0 };
    for (let k = 0; k < 10; k++) {
      const batch = [];
      for (let i = 0; i < 40; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "get_displacement", parameters: { object_id: "object_3" } });
      }
      const rs = yield batch;
      for (let i = 1; i < rs.length; i += 2) {
        const cur = { t: rs[i].sim_time, d: rs[i].result!.displacement as number };
        if (cur.d >= 0.7) return Math.round((prev.t + (cur.t - prev.t) * (0.7 - prev.d) / (cur.d - prev.d)) * 1000) / 1000;
        prev = cur;
      }
    }
    throw new Error("the block never slid 0.7 m");
  },
  closedForm: {
    value: Math.sqrt((2 * 0.7) / (9.81 * (Math.sin(TH) - 0.3 * Math.cos(TH)))),
    tolerance: 0.02,
    formula: "a = g(sin θ − μ cos θ), t = √(2s/a) with θ = 30°, μ = 0.3, s = 0.7 m",
  },
};
