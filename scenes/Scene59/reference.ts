import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;
/** The quarter period of a release from the horizontal: K(1/√2)·√(L/g). */
const quarter = (L: number) => 1.8541 * Math.sqrt(L / 9.81);

// Pendulum + energy conservation: the speed at the bottom is √(2·g·L).
export const variation = defineVariation({
  parameters: {
    L: { base: 1, min: 0.4, max: 1.8, step: 0.1, unit: "m" },
    m: { base: 0.5, min: 0.2, max: 2, step: 0.1, unit: "kg" },
  },
  world: ({ L, m }) => [
    { tag: "body", name: "object_1", attr: "pos", index: 0, value: L },
    { tag: "joint", name: "object_1_joint", attr: "pos", index: 0, value: -L },
    { tag: "geom", name: "bob", attr: "mass", value: m },
  ],
  text: ({ L, m }) => [
    ["a small 0.5 kg ball", `a small ${fmt(m)} kg ball`],
    ["light 1 m arm", `light ${fmt(L)} m arm`],
    ["about 0.59 s for a release", `about ${quarter(L).toFixed(2)} s for a release`],
    ["steps about 0.59 s", `steps about ${quarter(L).toFixed(2)} s`],
  ],
  procedure: ({ L }) => ({
    summary: "step the quarter period 1.8541·√(L/g), read the bob's velocity, report its magnitude",
    *run() {
      const [, v] = yield [
        { tool: "step", parameters: { duration: quarter(L) } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ];
      return r3(Math.hypot(...(v.result!.velocity as number[])));
    },
    closedForm: { value: Math.sqrt(2 * 9.81 * L), tolerance: 0.02, formula: `v = √(2·g·L) = √(2 × 9.81 × ${fmt(L)})` },
  }),
});

export const reference = baseProcedure(variation);
