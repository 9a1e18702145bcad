// Release the weight and sample its height every timestep (in 0.2 s batches) until it has
// started moving back up; the answer is the greatest drop below the release point.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "read z₀, step one timestep at a time reading z and v_z until v_z > 0; report z₀ − min z",
  *run() {
    const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
    const z0 = (p0.result!.position as number[])[2];
    let zmin = z0;
    for (let k = 0; k < 10; k++) {
      const batch = [];
      for (let i = 0; i < 40; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "get_position", parameters: { object_id: "object_1" } });
        batch.push({ tool: "get_velocity", parameters: { object_id: "object_1" } });
      }
      const rs = yield batch;
      let rising = false;
      for (let i = 1; i < rs.length; i += 3) {
        zmin = Math.min(zmin, (rs[i].result!.position as number[])[2]);
        if ((rs[i + 1].result!.velocity as number[])[2] > 0) rising = true;
      }
      if (rising) return Math.round((z0 - zmin) * 1000) / 1000;
    }
    throw new Error("the weight never turned around");
  },
  closedForm: { value: (2 * 0.8 * 9.81) / 40, tolerance: 0.02, formula: "energy: mg·x = ½k·x², so x_max = 2mg/k = 2 × 0.8 × 9.81 / 40" },
};
