// Release the rod and sample its centre's horizontal velocity every timestep (in 0.2 s batches);
// the sign changes (interpolated between samples) are the turning points, the second one a
// full period after release.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { vxReversals } from "../procedures.ts";

const TH = (15 * Math.PI) / 180;

// The rod's length and mass, which the task does not state, vary; it hangs from the hinge at
// (0, 0, 1.5), its centre L/2 down its axis, 15° from the vertical (8 decimals, as published).
export const variation = defineVariation({
  parameters: {
    L: { base: 1, min: 0.4, max: 1.4, step: 0.05, unit: "m" },
    // light rods: a mass near the period (1–2 s) would let the answer be read off it
    m: { base: 1.2, min: 0.4, max: 1.2, step: 0.1, unit: "kg" },
  },
  world: ({ L, m }) => [
    {
      tag: "body",
      name: "object_1",
      attr: "pos",
      value: [Number((-(L / 2) * Math.sin(TH)).toFixed(8)), 0, Number((1.5 - (L / 2) * Math.cos(TH)).toFixed(8))],
    },
    { tag: "joint", name: "object_1_joint", attr: "pos", value: [0, 0, L / 2] },
    { tag: "geom", name: "rod", attr: "size", value: [0.02, 0.02, L / 2] },
    { tag: "geom", name: "rod", attr: "mass", value: m },
  ],
  text: () => [],
  procedure: ({ L }) => ({
    summary:
      "step one timestep at a time reading the rod centre's v_x until it has changed sign twice; report the time of the second reversal",
    *run() {
      const reversals = yield* vxReversals("object_1", 2);
      return Math.round(reversals[1] * 1000) / 1000;
    },
    closedForm: {
      value: 2 * Math.PI * Math.sqrt(((0.04 ** 2 + L * L) / 12 + (L / 2) ** 2) / ((L / 2) * 9.81)) * (1 + TH ** 2 / 16),
      tolerance: 0.01,
      formula: `physical pendulum T = 2π√(I_pivot/(m·g·d))·(1 + θ₀²/16), I_pivot = m((L² + w²)/12 + d²), L = ${
        fmt(L)
      } m, w = 0.04 m, d = ${fmt(L / 2)} m, θ₀ = 15°`,
    },
  }),
});

export const reference = baseProcedure(variation);
