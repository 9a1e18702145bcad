// Reveal the hidden ball, read its mass, let it fall t seconds, read its kinetic energy.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { mass, revealParameters, round } from "../procedures.ts";

const G = 9.81;

export const variation = defineVariation({
  parameters: {
    m: { base: 1.2, min: 0.2, max: 5, step: 0.1, unit: "kg" },
    z0: { base: 6, min: 4, max: 10, step: 0.5, unit: "m" },
    t: { base: 0.5, min: 0.2, max: 1.2, step: 0.1, unit: "s" },
  },
  // the ball must still be falling at t (its 0.1 m radius clear of the ground, with margin)
  constraint: ({ z0, t }) => {
    const fall = 0.5 * G * t * t;
    return fall > z0 - 0.6 ? `the ball falls ${fmt(fall)} m in ${fmt(t)} s and would land from ${fmt(z0)} m` : null;
  },
  world: ({ m, z0 }) => [
    { tag: "geom", name: "ball", attr: "mass", value: m },
    { tag: "body", name: "object_2", attr: "pos", value: z0, index: 2 },
  ],
  text: ({ t }) => [
    ["0.5 s after release", `${fmt(t)} s after release`],
    ["fall for 0.5 s", `fall for ${fmt(t)} s`],
    ["steps 0.5 s", `steps ${fmt(t)} s`],
  ],
  procedure: ({ m, t }) => ({
    summary: `find_objects, read the hidden ball's mass, step ${fmt(t)} s, report its kinetic energy`,
    *run() {
      const mb = mass(yield* revealParameters("object_2"));
      const [, ke] = yield [
        { tool: "step", parameters: { duration: t } },
        { tool: "get_kinetic_energy", parameters: { object_id: "object_2", mass: mb } },
      ];
      return round(ke.result!.kinetic_energy as number);
    },
    closedForm: { value: 0.5 * m * (G * t) ** 2, tolerance: 0.02, formula: `KE = ½·m·(g·t)² = ½ × ${fmt(m)} × (9.81 × ${fmt(t)})²` },
  }),
});

export const reference = baseProcedure(variation);
