import { baseProcedure, defineVariation, fmt1 } from "../../engine/physment/variation/declare.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Inclined plane + rotational dynamics: a rolling sphere accelerates at (5/7)·g·sin θ.
export const variation = defineVariation({
  parameters: {
    t: { base: 1, min: 0.4, max: 2.5, step: 0.1, unit: "s" },
    m: { base: 1, min: 0.3, max: 5, step: 0.1, unit: "kg" },
  },
  world: ({ m }) => [{ tag: "geom", name: "ball", attr: "mass", value: m }],
  text: ({ t }) => [
    ["speed 1.0 s after release", `speed ${fmt1(t)} s after release`],
    ["roll for 1.0 s", `roll for ${fmt1(t)} s`],
    ["simulation by 1.0 s", `simulation by ${fmt1(t)} s`],
  ],
  procedure: ({ t }) => ({
    summary: `step ${fmt1(t)} s, read the ball's velocity, report its magnitude`,
    *run() {
      const [, v] = yield [
        { tool: "step", parameters: { duration: t } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ];
      return r3(Math.hypot(...(v.result!.velocity as number[])));
    },
    closedForm: {
      value: (5 / 7) * 9.81 * Math.sin((25 * Math.PI) / 180) * t,
      tolerance: 0.03,
      formula: `v = (5/7)·g·sin θ·t = (5/7) × 9.81 × sin 25° × ${fmt1(t)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
