// Reveal the hidden crate, push it along +x with F for Δt, read its speed.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const G = 9.81;

export const variation = defineVariation({
  parameters: {
    mu: { base: 0.3, min: 0.1, max: 0.35, step: 0.05, unit: "" },
    F: { base: 15, min: 8, max: 30, step: 1, unit: "N" },
    m: { base: 2, min: 1, max: 4, step: 0.5, unit: "kg" },
    dt: { base: 1, min: 0.3, max: 1.5, step: 0.1, unit: "s" },
  },
  // the push must clearly overcome friction (at least twice μ·m·g: the simulated friction is
  // off by a percent or two, which a small net force would magnify beyond the tolerance), and
  // the crate must stay well on the 20 m floor. (μ stops at 0.35: on rougher floors the
  // simulated crate judders off the floor under the push and no longer follows the friction law.)
  constraint: ({ mu, F, m, dt }) => {
    const limit = mu * m * G;
    if (F < 2 * limit) return `the push ${fmt(F)} N is less than twice μ·m·g = ${fmt(limit)} N`;
    const x = 0.5 * ((F - limit) / m) * dt * dt;
    return x > 10 ? `the crate would slide ${fmt(x)} m during the push, off the floor` : null;
  },
  world: ({ mu, m }) => [
    { tag: "geom", name: "floor", attr: "friction", value: mu, index: 0 },
    { tag: "geom", name: "crate", attr: "friction", value: mu, index: 0 },
    { tag: "geom", name: "crate", attr: "mass", value: m },
  ],
  text: ({ mu, F, dt }) => [
    ["kinetic friction between crate and floor is 0.3", `kinetic friction between crate and floor is ${fmt(mu)}`],
    ["a constant force of 15 N for 1.0 s", `a constant force of ${fmt(F)} N for ${dt.toFixed(1)} s`],
    ["the horizontal force for 1.0 s", `the horizontal force for ${dt.toFixed(1)} s`],
    ["applies (15, 0, 0) N to it for 1.0 s", `applies (${fmt(F)}, 0, 0) N to it for ${dt.toFixed(1)} s`],
  ],
  procedure: ({ mu, F, m, dt }) => ({
    summary: `find_objects, apply (${fmt(F)}, 0, 0) N to the hidden crate for ${dt.toFixed(1)} s, report its speed`,
    *run() {
      yield [{ tool: "find_objects", parameters: {} }];
      const [, v] = yield [
        { tool: "apply_force", parameters: { object_id: "object_2", force_vector: [F, 0, 0], duration: dt } },
        { tool: "get_velocity", parameters: { object_id: "object_2" } },
      ];
      const [vx, vy, vz] = v.result!.velocity as number[];
      return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
    },
    closedForm: {
      value: ((F - mu * m * G) / m) * dt,
      tolerance: 0.03,
      formula: `v = (F − μ·m·g)/m · t = (${fmt(F)} − ${fmt(mu)} × ${fmt(m)} × 9.81)/${fmt(m)} × ${dt.toFixed(1)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
