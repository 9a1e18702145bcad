// Reveal the hidden block and sample its displacement every timestep (in 0.2 s batches) as it
// slides down the ramp, until it has moved 0.7 m; the crossing time is interpolated between
// samples.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { eachStep, round } from "../procedures.ts";

const TH = (30 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "find_objects, step one timestep at a time reading the block's get_displacement until 0.7 m; report the interpolated time",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    let prev = { t: 0, d: 0 };
    return yield* eachStep(
      [{ tool: "get_displacement", parameters: { object_id: "object_3" } }],
      { batch: 40, maxBatches: 10, failure: "the block never slid 0.7 m" },
      ([r]) => {
        const cur = { t: r.sim_time, d: r.result!.displacement as number };
        if (cur.d >= 0.7) return round(prev.t + (cur.t - prev.t) * (0.7 - prev.d) / (cur.d - prev.d));
        prev = cur;
      },
    );
  },
  closedForm: {
    value: Math.sqrt((2 * 0.7) / (9.81 * (Math.sin(TH) - 0.3 * Math.cos(TH)))),
    tolerance: 0.02,
    formula: "a = g(sin θ − μ cos θ), t = √(2s/a) with θ = 30°, μ = 0.3, s = 0.7 m",
  },
};
