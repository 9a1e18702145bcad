// Release the rod and sample its centre's horizontal velocity every timestep (in 0.2 s batches);
// the sign changes (interpolated between samples) are the turning points, the second one a
// full period after release.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { vxReversals } from "../procedures.ts";

const TH = (15 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "step one timestep at a time reading the rod centre's v_x until it has changed sign twice; report the time of the second reversal",
  *run() {
    const reversals = yield* vxReversals("object_1", 2);
    return Math.round(reversals[1] * 1000) / 1000;
  },
  closedForm: {
    value: 2 * Math.PI * Math.sqrt(((0.04 ** 2 + 1) / 12 + 0.25) / (0.5 * 9.81)) * (1 + TH ** 2 / 16),
    tolerance: 0.01,
    formula: "physical pendulum T = 2π√(I_pivot/(m·g·d))·(1 + θ₀²/16), I_pivot = m((L² + w²)/12 + d²), L = 1 m, w = 0.04 m, d = 0.5 m, θ₀ = 15°",
  },
};
