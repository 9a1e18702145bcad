// Create the ball on the floor, pull it upward with a steady 30 N force and sample its
// displacement every timestep (in 0.2 s batches) until it has risen 1 m; the crossing time is
// interpolated between samples.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { round, timeToReach } from "../procedures.ts";

const M = 500 * (4 / 3) * Math.PI * 0.1 ** 3;

export const reference: ReferenceProcedure = {
  summary: "create the ball at (0, 0, 0.1), apply (0, 0, 30) N persistently, step one timestep at a time reading get_displacement until 1 m; report the interpolated time",
  *run() {
    yield [
      { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 0.1], radius: 0.1, density: 500 } },
      { tool: "apply_force", parameters: { object_id: "ball", force_vector: [0, 0, 30] } },
    ];
    return round(yield* timeToReach(
      { tool: "get_displacement", parameters: { object_id: "ball" } },
      (r) => r.result!.displacement as number,
      1,
      { batch: 40, maxBatches: 10, failure: "the ball never rose 1 m" },
    ));
  },
  closedForm: {
    value: Math.sqrt((2 * 1) / ((30 - M * 9.81) / M)),
    tolerance: 0.02,
    formula: "m = ρ·(4/3)πr³ ≈ 2.094 kg, a = (F − mg)/m, t = √(2h/a) with F = 30 N, h = 1 m",
  },
};
