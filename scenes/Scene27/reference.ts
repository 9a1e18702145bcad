// Release the pendulum and sample the bob's horizontal velocity every timestep (in batches of
// 0.2 s); the times where it changes sign are the turning points (linear interpolation between
// samples). The first is half a period after release, the second a full period.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { vxReversals } from "../procedures.ts";

// The rod's length, the release angle and the bob's mass (none stated in the task) vary; the
// bob starts L from the hinge at (0, 0, 1.5), θ₀ from the vertical (8 decimals, as published).
export const variation = defineVariation({
  parameters: {
    L: { base: 0.9, min: 0.4, max: 1.4, step: 0.05, unit: "m" },
    deg: { base: 12, min: 5, max: 25, step: 1, unit: "°" },
    // light bobs: a mass near the period (1–2.4 s) would let the answer be read off it
    m: { base: 0.5, min: 0.2, max: 1, step: 0.1, unit: "kg" },
  },
  world: ({ L, deg, m }) => {
    const th = (deg * Math.PI) / 180;
    const x = Number((L * Math.sin(th)).toFixed(8)), drop = Number((L * Math.cos(th)).toFixed(8));
    return [
      { tag: "body", name: "object_1", attr: "pos", value: [x, 0, Number((1.5 - drop).toFixed(8))] },
      { tag: "joint", name: "object_1_joint", attr: "pos", value: [-x, 0, drop] },
      { tag: "geom", name: "bob", attr: "mass", value: m },
    ];
  },
  text: () => [],
  procedure: ({ L, deg }) => ({
    summary:
      "step one timestep at a time reading v_x, in 0.2 s batches, until v_x has changed sign twice; report the time of the second reversal",
    *run() {
      const reversals = yield* vxReversals("object_1", 2);
      return Math.round(reversals[1] * 1000) / 1000;
    },
    closedForm: {
      value: 2 * Math.PI * Math.sqrt(L / 9.81) * (1 + (deg * Math.PI / 180) ** 2 / 16),
      tolerance: 0.01,
      formula: `T = 2π√(L/g)·(1 + θ₀²/16) with L = ${fmt(L)} m, θ₀ = ${fmt(deg)}°`,
    },
  }),
});

export const reference = baseProcedure(variation);
