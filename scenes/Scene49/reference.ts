// Reveal the hidden flywheel, apply a steady 0.6 N·m torque about its axle and sample its
// rotational energy every timestep (in 0.3 s batches) until it passes 5 J; the crossing time
// is interpolated between samples.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "find_objects, apply_torque (0, 0, 0.6) persistently, step one timestep at a time reading get_rotational_energy until it reaches 5 J; report the interpolated time",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    yield [{ tool: "apply_torque", parameters: { object_id: "object_2", torque_vector: [0, 0, 0.6] } }];
    let prev = { t: 0, e: 0 };
    for (let k = 0; k < 15; k++) {
      const batch = [];
      for (let i = 0; i < 60; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "get_rotational_energy", parameters: { object_id: "object_2" } });
      }
      const rs = yield batch;
      for (let i = 1; i < rs.length; i += 2) {
        const cur = { t: rs[i].sim_time, e: rs[i].result!.rotational_energy as number };
        if (cur.e >= 5) return Math.round((prev.t + (cur.t - prev.t) * (5 - prev.e) / (cur.e - prev.e)) * 1000) / 1000;
        prev = cur;
      }
    }
    throw new Error("the flywheel never reached 5 J");
  },
  closedForm: { value: Math.sqrt(2 * 0.18 * 5) / 0.6, tolerance: 0.02, formula: "E = (τt)²/(2I), I = ½mr² = 0.18 kg·m², so t = √(2IE)/τ = √(2 × 0.18 × 5)/0.6" },
};
