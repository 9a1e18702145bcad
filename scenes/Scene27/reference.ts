// Release the pendulum and sample the bob's horizontal velocity every timestep (in batches of
// 0.2 s); the times where it changes sign are the turning points (linear interpolation between
// samples). The first is half a period after release, the second a full period.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "step one timestep at a time reading v_x, in 0.2 s batches, until v_x has changed sign twice; report the time of the second reversal",
  *run() {
    const reversals: number[] = [];
    let prev: { t: number; vx: number } | null = null;
    let sign = 0;
    while (reversals.length < 2) {
      const batch = [];
      for (let i = 0; i < 40; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "get_velocity", parameters: { object_id: "object_1" } });
      }
      const rs = yield batch;
      for (let i = 1; i < rs.length; i += 2) {
        const cur = { t: rs[i].sim_time, vx: (rs[i].result!.velocity as number[])[0] };
        const s = Math.sign(cur.vx);
        if (sign === 0) sign = s;
        else if (s !== 0 && s !== sign && prev) {
          reversals.push(prev.t + (cur.t - prev.t) * prev.vx / (prev.vx - cur.vx));
          sign = s;
        }
        prev = cur;
      }
      if (rs[rs.length - 1].sim_time > 10) throw new Error("no oscillation found");
    }
    return Math.round(reversals[1] * 1000) / 1000;
  },
  closedForm: {
    value: 2 * Math.PI * Math.sqrt(0.9 / 9.81) * (1 + (12 * Math.PI / 180) ** 2 / 16),
    tolerance: 0.01,
    formula: "T = 2π√(L/g)·(1 + θ₀²/16) with L = 0.9 m, θ₀ = 12°",
  },
};
