// Create the ball on the upper part of the ramp and sample its displacement every timestep
// (in 0.2 s batches) until it exceeds 2 m; the crossing time is interpolated between samples.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const THETA = (20 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "create the ball at (−1.09, 0, 1.514), step one timestep at a time reading get_displacement until it passes 2 m, report the interpolated time",
  *run() {
    yield [{ tool: "create_objects", parameters: { name: "ball", pos: [-1.09, 0, 1.514], radius: 0.06, density: 1000 } }];
    let prev = { t: 0, d: 0 };
    for (;;) {
      const batch = [];
      for (let i = 0; i < 40; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "get_displacement", parameters: { object_id: "ball" } });
      }
      const rs = yield batch;
      for (let i = 1; i < rs.length; i += 2) {
        const cur = { t: rs[i].sim_time, d: rs[i].result!.displacement as number };
        if (cur.d >= 2.0) {
          const t = prev.t + (cur.t - prev.t) * (2.0 - prev.d) / (cur.d - prev.d);
          return Math.round(t * 1000) / 1000;
        }
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
