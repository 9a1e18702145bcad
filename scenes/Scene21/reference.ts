// Reveal the hidden ball, read its mass, let it fall t, read its kinetic energy.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { mass, revealParameters, round } from "../procedures.ts";

const G = 9.81;

export const variation = defineVariation({
  parameters: {
    m: { base: 1.2, min: 0.3, max: 5, step: 0.1, unit: "kg" },
    h: { base: 6, min: 3, max: 10, step: 0.5, unit: "m" },
    t: { base: 0.5, min: 0.3, max: 1.2, step: 0.05, unit: "s" },
  },
  // still falling when the energy is read
  constraint: ({ h, t }) => (G * t * t / 2 > h - 0.3 ? `the ball lands before ${fmt(t)} s` : null),
  world: ({ m, h }) => [
    { tag: "geom", name: "ball", attr: "mass", value: m },
    { tag: "body", name: "object_2", attr: "pos", index: 2, value: h },
  ],
  text: ({ t }) => [
    ["energy 0.5 s after release", `energy ${fmt(t)} s after release`],
    ["fall for 0.5 s", `fall for ${fmt(t)} s`],
    ["steps 0.5 s", `steps ${fmt(t)} s`],
  ],
  procedure: ({ m: mBall, t }) => ({
    summary: `find_objects, read the hidden ball's mass, step ${fmt(t)} s, report its kinetic energy`,
    *run() {
      const m = mass(yield* revealParameters("object_2"));
      const [, ke] = yield [
        { tool: "step", parameters: { duration: t } },
        { tool: "get_kinetic_energy", parameters: { object_id: "object_2", mass: m } },
      ];
      return round(ke.result!.kinetic_energy as number);
    },
    closedForm: {
      value: 0.5 * mBall * (G * t) ** 2,
      tolerance: 0.02,
      formula: `KE = ½·m·(g·t)² = ½ × ${fmt(mBall)} × (9.81 × ${fmt(t)})²`,
    },
  }),
});

export const reference = baseProcedure(variation);
