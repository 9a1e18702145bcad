// Reveal the hidden rod, step 5 ms at a time reading its centre's horizontal velocity, time
// one full period between the first and third sign changes, L_eq = gT²/(4π²).
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { fullPeriod, round } from "../procedures.ts";

const BATCH = 50;
const R = 0.02;
const TH0 = (6 * Math.PI) / 180;
const period = (L: number) => 2 * Math.PI * Math.sqrt((L * L / 3 + R * R / 4) / (9.81 * L / 2)) * (1 + TH0 * TH0 / 16);

export const variation = defineVariation({
  parameters: {
    L: { base: 1, min: 0.4, max: 1.3, step: 0.05, unit: "m" },
    m: { base: 0.8, min: 0.3, max: 2, step: 0.1, unit: "kg" },
  },
  // the rod hangs from the bracket at (0, 0, 2), its centre L/2 down the axis, 6° off the vertical
  world: ({ L, m }) => [
    {
      tag: "body",
      name: "object_3",
      attr: "pos",
      value: [Number(((L / 2) * Math.sin(TH0)).toFixed(6)), 0, Number((2 - (L / 2) * Math.cos(TH0)).toFixed(6))],
    },
    { tag: "joint", name: "object_3_joint", attr: "pos", value: [0, 0, L / 2] },
    { tag: "geom", name: "rod", attr: "size", value: [R, L / 2] },
    { tag: "geom", name: "rod", attr: "mass", value: m },
  ],
  text: () => [],
  procedure: ({ L }) => {
    const T_CLOSED = period(L);
    return {
      summary:
        "find_objects, step 5 ms at a time reading the rod's vₓ until it has changed sign 3 times; T = t₃ − t₁ (interpolated), L_eq = gT²/(4π²)",
      *run() {
        yield [{ tool: "find_objects", parameters: {} }];
        const T = yield* fullPeriod("object_3", BATCH);
        return [round(T), round((9.81 * T * T) / (4 * Math.PI * Math.PI))];
      },
      closedForm: {
        value: [T_CLOSED, (9.81 * T_CLOSED * T_CLOSED) / (4 * Math.PI * Math.PI)],
        tolerance: 0.02,
        formula: `[2π√(I/(mgL/2))·(1 + θ₀²/16), gT²/(4π²)] with I/m = L²/3 + r²/4, L = ${fmt(L)}, r = 0.02, θ₀ = 6°`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
