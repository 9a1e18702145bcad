// Create the ball on the upper part of the ramp and sample its displacement every timestep
// (in 0.2 s batches) until it exceeds 2 m; the crossing time is interpolated between samples.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { perStep, round, stepsWith } from "../procedures.ts";

const THETA = (20 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "create the ball at (−1.09, 0, 1.514), step one timestep at a time reading get_displacement until it passes 2 m, report the interpolated time",
  *run() {
    yield [{ tool: "create_objects", parameters: { name: "ball", pos: [-1.09, 0, 1.514], radius: 0.06, density: 1000 } }];
    let prev = { t: 0, d: 0 };
    for (;;) {
      const rs = yield stepsWith(40, [{ tool: "get_displacement", parameters: { object_id: "ball" } }]);
      for (const [r] of perStep(rs, 1)) {
        const cur = { t: r.sim_time, d: r.result!.displacement as number };
        if (cur.d >= 2.0) return round(prev.t + (cur.t - prev.t) * (2.0 - prev.d) / (cur.d - prev.d));
        prev = cur;
      }
      if (prev.t > 5) throw new Error("the ball never travelled 2 m");
    }
  },
  closedForm: {
    value: Math.sqrt((2 * 2.0) / ((5 / 7) * 9.81 * Math.sin(THETA))),
    tolerance: 0.02,
    formula: "t = √(2s/a), a = (5/7)·g·sin θ for a solid ball rolling without slipping; s = 2 m, θ = 20°",
  },
};
