// Release the pendulum and sample the bob's speed every timestep (in 0.2 s batches) until it
// is clearly slowing down again after the bottom of the swing; the answer is the greatest speed.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { perStep, round, stepsWith, velocity } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "step one timestep at a time reading the bob's velocity until its speed has dropped 5 % below the maximum; report the maximum speed",
  *run() {
    let vmax = 0;
    for (let k = 0; k < 10; k++) {
      const rs = yield stepsWith(40, [{ tool: "get_velocity", parameters: { object_id: "object_1" } }]);
      let speed = 0;
      for (const [v] of perStep(rs, 1)) {
        speed = Math.hypot(...velocity(v));
        vmax = Math.max(vmax, speed);
      }
      if (vmax > 0 && speed < 0.95 * vmax) return round(vmax);
    }
    throw new Error("the bob never slowed down");
  },
  closedForm: {
    value: Math.sqrt(2 * 9.81 * 1.1 * (1 - Math.cos((50 * Math.PI) / 180))),
    tolerance: 0.01,
    formula: "energy: ½mv² = m·g·L(1 − cos θ₀), v = √(2gL(1 − cos θ₀)) with L = 1.1 m, θ₀ = 50°",
  },
};
