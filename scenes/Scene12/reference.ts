// Push the puck with F along +x for Δt, read its kinetic energy.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { masses } from "../procedures.ts";

export const variation = defineVariation({
  parameters: {
    F: { base: 2, min: 0.5, max: 5, step: 0.5, unit: "N" },
    dt: { base: 0.8, min: 0.2, max: 2, step: 0.1, unit: "s" },
    m: { base: 0.4, min: 0.1, max: 1.5, step: 0.1, unit: "kg" },
  },
  // the puck must stay on the 20 m ice sheet during the push; an energy below 0.05 J would
  // lose its precision to the answer's three decimals
  constraint: ({ F, dt, m }) => {
    const x = (0.5 * F * dt * dt) / m;
    if (x > 15) return `the puck would slide ${fmt(x)} m during the push, off the ice`;
    const ke = (F * dt) ** 2 / (2 * m);
    return ke < 0.05 ? `the kinetic energy ${fmt(ke)} J is too small to report to three decimals` : null;
  },
  world: ({ m }) => [{ tag: "geom", name: "puck", attr: "mass", value: m }],
  text: ({ F, dt }) => [
    ["a constant force of 2 N for 0.8 s", `a constant force of ${fmt(F)} N for ${fmt(dt)} s`],
    ["the push for 0.8 s", `the push for ${fmt(dt)} s`],
    ["applies (2, 0, 0) N for 0.8 s", `applies (${fmt(F)}, 0, 0) N for ${fmt(dt)} s`],
  ],
  procedure: ({ F, dt, m }) => ({
    summary: `read the puck's mass, apply (${fmt(F)}, 0, 0) N for ${fmt(dt)} s, report its kinetic energy`,
    *run() {
      const [mass] = yield* masses("object_1");
      const [, ke] = yield [
        { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [F, 0, 0], duration: dt } },
        { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass } },
      ];
      return Math.round((ke.result!.kinetic_energy as number) * 1000) / 1000;
    },
    closedForm: { value: (F * dt) ** 2 / (2 * m), tolerance: 0.02, formula: `KE = (F·Δt)²/(2m) = (${fmt(F)} × ${fmt(dt)})²/(2 × ${fmt(m)})` },
  }),
});

export const reference = baseProcedure(variation);
