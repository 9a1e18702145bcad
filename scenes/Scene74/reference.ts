import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { mass, revealParameters, round } from "../procedures.ts";

// Hidden object + Newton's second law / impulse + work–energy theorem: KE = (F·t)²/(2m).
export const variation = defineVariation({
  parameters: {
    m: { base: 4, min: 1, max: 10, step: 0.5, unit: "kg" },
    F: { base: 20, min: 5, max: 40, step: 1, unit: "N" },
    t: { base: 1.5, min: 0.5, max: 2.5, step: 0.1, unit: "s" },
  },
  // the crate stays on the 20 m floor
  constraint: (
    { m, F, t },
  ) => ((F / m) * t * t / 2 > 15 ? `the crate would travel ${fmt((F / m) * t * t / 2)} m during the push` : null),
  world: ({ m }) => [{ tag: "geom", name: "crate", attr: "mass", value: m }],
  text: ({ F, t }) => [
    ["force of 20 N along +x for 1.5 s", `force of ${fmt(F)} N along +x for ${fmt(t)} s`],
    ["apply [20, 0, 0] N for 1.5 s", `apply [${fmt(F)}, 0, 0] N for ${fmt(t)} s`],
    ["force of [20, 0, 0] with a duration of 1.5 s", `force of [${fmt(F)}, 0, 0] with a duration of ${fmt(t)} s`],
  ],
  procedure: ({ m: M, F, t }) => ({
    summary: `find_objects, read the crate's mass, apply [${fmt(F)}, 0, 0] N for ${
      fmt(t)
    } s, report get_kinetic_energy`,
    *run() {
      const m = mass(yield* revealParameters("object_2"));
      const [, ke] = yield [
        { tool: "apply_force", parameters: { object_id: "object_2", force_vector: [F, 0, 0], duration: t } },
        { tool: "get_kinetic_energy", parameters: { object_id: "object_2", mass: m } },
      ];
      return round(ke.result!.kinetic_energy as number);
    },
    closedForm: {
      value: (F * t) ** 2 / (2 * M),
      tolerance: 0.02,
      formula: `KE = (F·t)²/(2·m) = (${fmt(F)} × ${fmt(t)})²/(2 × ${fmt(M)})`,
    },
  }),
});

export const reference = baseProcedure(variation);
