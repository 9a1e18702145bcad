// Release the pendulum and sample the bob's horizontal velocity every timestep (in batches of
// 0.2 s); the times where it changes sign are the turning points (linear interpolation between
// samples). The first is half a period after release, the second a full period.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { vxReversals } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "step one timestep at a time reading v_x, in 0.2 s batches, until v_x has changed sign twice; report the time of the second reversal",
  *run() {
    const reversals = yield* vxReversals("object_1", 2);
    return Math.round(reversals[1] * 1000) / 1000;
  },
  closedForm: {
    value: 2 * Math.PI * Math.sqrt(0.9 / 9.81) * (1 + (12 * Math.PI / 180) ** 2 / 16),
    tolerance: 0.01,
    formula: "T = 2π√(L/g)·(1 + θ₀²/16) with L = 0.9 m, θ₀ = 12°",
  },
};
