// Release the ball, let it fall t seconds, read its velocity: the speed is |v_z|.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

export const variation = defineVariation({
  parameters: {
    h: { base: 20, min: 5, max: 30, step: 1, unit: "m" },
    t: { base: 0.8, min: 0.3, max: 1.8, step: 0.1, unit: "s" },
    m: { base: 0.5, min: 0.1, max: 3, step: 0.1, unit: "kg" },
  },
  // the ball must still be falling at t (its 0.1 m radius clear of the floor, with margin)
  constraint: ({ h, t }) => {
    const fall = 0.5 * 9.81 * t * t;
    return fall > h - 0.6 ? `the ball falls ${fmt(fall)} m in ${fmt(t)} s and would reach the floor from ${fmt(h)} m` : null;
  },
  world: ({ h, m }) => [
    { tag: "body", name: "object_1", attr: "pos", value: h, index: 2 },
    { tag: "geom", name: "ball", attr: "mass", value: m },
  ],
  text: ({ h, t }) => [
    ["held at rest 20 m above the floor", `held at rest ${fmt(h)} m above the floor`],
    ["0.8 s after release", `${fmt(t)} s after release`],
    ["the simulation by 0.8 s", `the simulation by ${fmt(t)} s`],
  ],
  procedure: ({ t }) => ({
    summary: `step ${fmt(t)} s, read the ball's velocity, report |v_z|`,
    *run() {
      const [, v] = yield [
        { tool: "step", parameters: { duration: t } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ];
      const vz = (v.result!.velocity as number[])[2];
      return Math.round(Math.abs(vz) * 1000) / 1000;
    },
    closedForm: { value: 9.81 * t, tolerance: 0.05, formula: `v = g·t = 9.81 × ${fmt(t)}` },
  }),
});

export const reference = baseProcedure(variation);
