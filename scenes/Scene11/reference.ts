// Push the crate with F for a while and see whether it moves: it slides only if F exceeds μ·m·g.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const G = 9.81;

export const variation = defineVariation({
  parameters: {
    mu: { base: 0.5, min: 0.2, max: 0.8, step: 0.05, unit: "" },
    F: { base: 12, min: 2, max: 30, step: 1, unit: "N" },
    m: { base: 3, min: 1, max: 6, step: 0.5, unit: "kg" },
    dt: { base: 0.5, min: 0.3, max: 1.5, step: 0.1, unit: "s" },
  },
  // a push within 15 % of the friction limit μ·m·g is a near-tie (a slow creep or a barely
  // sliding crate that the 1 cm/s and 1 cm thresholds cannot tell apart)
  constraint: ({ mu, F, m }) => {
    const limit = mu * m * G;
    return Math.abs(F - limit) < 0.15 * limit ? `the push ${fmt(F)} N is within 15 % of μ·m·g = ${fmt(limit)} N` : null;
  },
  world: ({ mu, m }) => [
    { tag: "geom", name: "floor", attr: "friction", value: mu, index: 0 },
    { tag: "geom", name: "crate", attr: "friction", value: mu, index: 0 },
    { tag: "geom", name: "crate", attr: "mass", value: m },
  ],
  text: ({ mu, F, m, dt }) => [
    ["static friction between them is 0.5", `static friction between them is ${fmt(mu)}`],
    ["a steady force of 12 N for 0.5 s", `a steady force of ${fmt(F)} N for ${fmt(dt)} s`],
    ["the horizontal push for 0.5 s", `the horizontal push for ${fmt(dt)} s`],
    ["applies (12, 0, 0) N for 0.5 s", `applies (${fmt(F)}, 0, 0) N for ${fmt(dt)} s`],
    // the expected behaviour names what the agent finds
    ["finding it essentially at rest", F > mu * m * G ? "finding it sliding" : "finding it essentially at rest"],
  ],
  procedure: ({ mu, F, m, dt }) => {
    const limit = mu * m * G;
    const slides = F > limit;
    return {
      summary: `apply (${fmt(F)}, 0, 0) N to the crate for ${fmt(dt)} s, read its velocity and displacement: 1 if it slides, 2 if it stays`,
      *run() {
        const [, v, d] = yield [
          { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [F, 0, 0], duration: dt } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
          { tool: "get_displacement", parameters: { object_id: "object_1" } },
        ];
        const [vx, vy, vz] = v.result!.velocity as number[];
        const moved = Math.hypot(vx, vy, vz) > 0.01 || (d.result!.displacement as number) > 0.01;
        return moved ? 1 : 2;
      },
      closedForm: {
        value: slides ? 1 : 2,
        tolerance: 0,
        formula: `F = ${fmt(F)} N ${slides ? ">" : "<"} μ·m·g = ${fmt(mu)} × ${fmt(m)} × 9.81 = ${limit.toFixed(1)} N, so ${slides ? "the push overcomes static friction and the crate slides (code 1)" : "static friction holds the crate (code 2)"}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
