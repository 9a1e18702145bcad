// Launch the cart up the incline at 2.7 m/s and sample its displacement and velocity every
// timestep (in 0.2 s batches) until it is sliding back down; the answer is the greatest
// distance it got from its start.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { perStep, round, stepsWith, velocity } from "../procedures.ts";

const TH = (20 * Math.PI) / 180;
const UP = [-Math.cos(TH), 0, Math.sin(TH)]; // unit vector up the slope

export const reference: ReferenceProcedure = {
  summary: "set v = 2.7 m/s up the slope, step one timestep at a time reading get_displacement and the velocity until v·û < 0; report the largest displacement",
  *run() {
    yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: UP.map((c) => 2.7 * c) } }];
    let dmax = 0;
    for (let k = 0; k < 12; k++) {
      const rs = yield stepsWith(40, [
        { tool: "get_displacement", parameters: { object_id: "object_1" } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ]);
      let back = false;
      for (const [d, vr] of perStep(rs, 2)) {
        dmax = Math.max(dmax, d.result!.displacement as number);
        const v = velocity(vr);
        if (v[0] * UP[0] + v[1] * UP[1] + v[2] * UP[2] < 0) back = true;
      }
      if (back) return round(dmax);
    }
    throw new Error("the cart never came back");
  },
  closedForm: { value: (2.7 * 2.7) / (2 * 9.81 * Math.sin(TH)), tolerance: 0.02, formula: "d = v₀²/(2g·sin θ) = 2.7² / (2 × 9.81 × sin 20°)" },
};
