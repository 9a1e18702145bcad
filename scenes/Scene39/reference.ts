// Launch the cart up the incline at 2.7 m/s and sample its displacement and velocity every
// timestep (in 0.2 s batches) until it is sliding back down; the answer is the greatest
// distance it got from its start.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const TH = (20 * Math.PI) / 180;
const UP = [-Math.cos(TH), 0, Math.sin(TH)]; // unit vector up the slope

export const reference: ReferenceProcedure = {
  summary: "set v = 2.7 m/s up the slope, step one timestep at a time reading get_displacement and the velocity until v·û < 0; report the largest displacement",
  *run() {
    yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: UP.map((c) => 2.7 * c) } }];
    let dmax = 0;
    for (let k = 0; k < 12; k++) {
      const batch = [];
      for (let i = 0; i < 40; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "get_displacement", parameters: { object_id: "object_1" } });
        batch.push({ tool: "get_velocity", parameters: { object_id: "object_1" } });
      }
      const rs = yield batch;
      let back = false;
      for (let i = 1; i < rs.length; i += 3) {
        dmax = Math.max(dmax, rs[i].result!.displacement as number);
        const v = rs[i + 1].result!.velocity as number[];
        if (v[0] * UP[0] + v[1] * UP[1] + v[2] * UP[2] < 0) back = true;
      }
      if (back) return Math.round(dmax * 1000) / 1000;
    }
    throw new Error("the cart never came back");
  },
  closedForm: { value: (2.7 * 2.7) / (2 * 9.81 * Math.sin(TH)), tolerance: 0.02, formula: "d = v₀²/(2g·sin θ) = 2.7² / (2 × 9.81 × sin 20°)" },
};
