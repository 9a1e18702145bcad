// Create the ball on the floor, pull it upward with a steady 30 N force and sample its
// displacement every timestep (in 0.2 s batches) until it has risen 1 m; the crossing time is
// interpolated between samples.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const M = 500 * (4 / 3) * Math.PI * 0.1 ** 3;

export const reference: ReferenceProcedure = {
  summary: "create the ball at (0, 0, 0.1), apply (0, 0, 30) N persistently, step one timestep at a time reading get_displacement until 1 m; report the interpolated time",
  *run() {
    yield [
      { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 0.1], radius: 0.1, density: 500 } },
      { tool: "apply_force", parameters: { object_id: "ball", force_vector: [0, 0, 30] } },
    ];
    let prev = { t: 0, d: 0 };
    for (let k = 0; k < 10; k++) {
      const batch = [];
      for (let i = 0; i < 40; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "get_displacement", parameters: { object_id: "ball" } });
      }
      const rs = yield batch;
      for (let i = 1; i < rs.length; i += 2) {
        const cur = { t: rs[i].sim_time, d: rs[i].result!.displacement as number };
        if (cur.d >= 1) return Math.round((prev.t + (cur.t - prev.t) * (1 - prev.d) / (cur.d - prev.d)) * 1000) / 1000;
        prev = cur;
      }
    }
    throw new Error("the ball never rose 1 m");
  },
  closedForm: {
    value: Math.sqrt((2 * 1) / ((30 - M * 9.81) / M)),
    tolerance: 0.02,
    formula: "m = ρ·(4/3)πr³ ≈ 2.094 kg, a = (F − mg)/m, t = √(2h/a) with F = 30 N, h = 1 m",
  },
};
