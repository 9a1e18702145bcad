// Reveal the hidden block and sample its displacement every timestep (in 0.2 s batches) as it
// slides down the ramp, until it has moved 0.7 m; the crossing time is interpolated between
// samples.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { round, timeToReach } from "../procedures.ts";

const TH = (30 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "find_objects, step one timestep at a time reading the block's get_displacement until 0.7 m; report the interpolated time",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    return round(yield* timeToReach(
      { tool: "get_displacement", parameters: { object_id: "object_3" } },
      (r) => r.result!.displacement as number,
      0.7,
      { batch: 40, maxBatches: 10, failure: "the block never slid 0.7 m" },
    ));
  },
  closedForm: {
    value: Math.sqrt((2 * 0.7) / (9.81 * (Math.sin(TH) - 0.3 * Math.cos(TH)))),
    tolerance: 0.02,
    formula: "a = g(sin θ − μ cos θ), t = √(2s/a) with θ = 30°, μ = 0.3, s = 0.7 m",
  },
};
