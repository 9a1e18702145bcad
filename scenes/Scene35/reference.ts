// Push the roller through its centre with a steady 5 N force along +x and sample its
// displacement every timestep (in 0.3 s batches) until it has rolled 1.5 m; the crossing time is
// interpolated between samples.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { round, timeToReach } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "apply (5, 0, 0) N persistently, step one timestep at a time reading get_displacement until 1.5 m; report the interpolated time",
  *run() {
    yield [{ tool: "apply_force", parameters: { object_id: "object_1", force_vector: [5, 0, 0] } }];
    return round(yield* timeToReach(
      { tool: "get_displacement", parameters: { object_id: "object_1" } },
      (r) => r.result!.displacement as number,
      1.5,
      { batch: 60, maxBatches: 12, failure: "the roller never covered 1.5 m" },
    ));
  },
  closedForm: {
    value: Math.sqrt((2 * 1.5) / (5 / (1.5 * 3))),
    tolerance: 0.02,
    formula: "rolling without slipping: a = F/(m + I/r²) = F/(1.5m) for a solid cylinder (I = ½mr²), t = √(2s/a) with F = 5 N, m = 3 kg, s = 1.5 m",
  },
};
