// Reveal the hidden flywheel, apply a steady 0.6 N·m torque about its axle and sample its
// rotational energy every timestep (in 0.3 s batches) until it passes 5 J; the crossing time
// is interpolated between samples.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { round, timeToReach } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "find_objects, apply_torque (0, 0, 0.6) persistently, step one timestep at a time reading get_rotational_energy until it reaches 5 J; report the interpolated time",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    yield [{ tool: "apply_torque", parameters: { object_id: "object_2", torque_vector: [0, 0, 0.6] } }];
    return round(yield* timeToReach(
      { tool: "get_rotational_energy", parameters: { object_id: "object_2" } },
      (r) => r.result!.rotational_energy as number,
      5,
      { batch: 60, maxBatches: 15, failure: "the flywheel never reached 5 J" },
    ));
  },
  closedForm: { value: Math.sqrt(2 * 0.18 * 5) / 0.6, tolerance: 0.02, formula: "E = (τt)²/(2I), I = ½mr² = 0.18 kg·m², so t = √(2IE)/τ = √(2 × 0.18 × 5)/0.6" },
};
