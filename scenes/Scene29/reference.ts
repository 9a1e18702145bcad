// Release the weight and sample its height every timestep (in 0.2 s batches) until it has
// started moving back up; the answer is the greatest drop below the release point.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { perStep, position, round, stepsWith, velocity } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "read z₀, step one timestep at a time reading z and v_z until v_z > 0; report z₀ − min z",
  *run() {
    const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
    const z0 = position(p0)[2];
    let zmin = z0;
    for (let k = 0; k < 10; k++) {
      const rs = yield stepsWith(40, [
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ]);
      let rising = false;
      for (const [p, v] of perStep(rs, 2)) {
        zmin = Math.min(zmin, position(p)[2]);
        if (velocity(v)[2] > 0) rising = true;
      }
      if (rising) return round(z0 - zmin);
    }
    throw new Error("the weight never turned around");
  },
  closedForm: { value: (2 * 0.8 * 9.81) / 40, tolerance: 0.02, formula: "energy: mg·x = ½k·x², so x_max = 2mg/k = 2 × 0.8 × 9.81 / 40" },
};
