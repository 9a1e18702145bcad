// Release the pendulum and sample the bob's speed every timestep (in 0.2 s batches) until it
// is clearly slowing down again after the bottom of the swing; the answer is the greatest speed.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "step one timestep at a time reading the bob's velocity until its speed has dropped 5 % below the maximum; report the maximum speed",
  *run() {
    let vmax = 0;
    for (let k = 0; k < 10; k++) {
      const batch = [];
      for (let i = 0; i < 40; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "get_velocity", parameters: { object_id: "object_1" } });
      }
      const rs = yield batch;
      let speed = 0;
      for (let i = 1; i < rs.length; i += 2) {
        speed = Math.hypot(...(rs[i].result!.velocity as number[]));
        vmax = Math.max(vmax, speed);
      }
      if (vmax > 0 && speed < 0.95 * vmax) return Math.round(vmax * 1000) / 1000;
    }
    throw new Error("the bob never slowed down");
  },
  closedForm: {
    value: Math.sqrt(2 * 9.81 * 1.1 * (1 - Math.cos((50 * Math.PI) / 180))),
    tolerance: 0.01,
    formula: "energy: ½mv² = m·g·L(1 − cos θ₀), v = √(2gL(1 − cos θ₀)) with L = 1.1 m, θ₀ = 50°",
  },
};
