import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { masses } from "../procedures.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const G = 9.81;

// Free fall (kinematics) followed by kinetic energy: read the mass, fall t, ½mv².
export const variation = defineVariation({
  parameters: {
    m: { base: 2, min: 0.5, max: 6, step: 0.5, unit: "kg" },
    h: { base: 12, min: 6, max: 20, step: 1, unit: "m" },
    t: { base: 0.9, min: 0.4, max: 1.5, step: 0.05, unit: "s" },
  },
  // still falling when the energy is read
  constraint: ({ h, t }) => (G * t * t / 2 > h - 0.5 ? `the ball lands before ${fmt(t)} s` : null),
  world: ({ m, h }) => [
    { tag: "geom", name: "ball", attr: "mass", value: m },
    { tag: "body", name: "object_1", attr: "pos", index: 2, value: h },
  ],
  text: ({ h, t }) => [
    ["at rest 12 m above", `at rest ${fmt(h)} m above`],
    ["energy 0.9 s after release", `energy ${fmt(t)} s after release`],
    ["fall for 0.9 s", `fall for ${fmt(t)} s`],
    ["steps 0.9 s", `steps ${fmt(t)} s`],
  ],
  procedure: ({ m: mBall, t }) => ({
    summary: `read the ball's mass, step ${fmt(t)} s, report get_kinetic_energy with that mass`,
    *run() {
      const [m] = yield* masses("object_1");
      const [, ke] = yield [
        { tool: "step", parameters: { duration: t } },
        { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
      ];
      return r3(ke.result!.kinetic_energy as number);
    },
    closedForm: {
      value: 0.5 * mBall * (G * t) ** 2,
      tolerance: 0.02,
      formula: `KE = ½·m·(g·t)² = ½ × ${fmt(mBall)} × (9.81 × ${fmt(t)})²`,
    },
  }),
});

export const reference = baseProcedure(variation);
