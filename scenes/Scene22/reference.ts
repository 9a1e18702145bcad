// Reveal the hidden crate, push it along +x with F for t, read its speed.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const G = 9.81;

export const variation = defineVariation({
  parameters: {
    m: { base: 2, min: 1, max: 5, step: 0.5, unit: "kg" },
    mu: { base: 0.3, min: 0.1, max: 0.4, step: 0.05, unit: "" },
    F: { base: 15, min: 8, max: 30, step: 1, unit: "N" },
    t: { base: 1, min: 0.5, max: 2, step: 0.1, unit: "s" },
  },
  // the push must overcome kinetic friction clearly (else the answer is a near-zero speed); past
  // about 10 m/s the soft contact's sliding friction falls measurably short of μ·m·g
  constraint: ({ m, mu, F, t }) => {
    if (F < 1.3 * mu * m * G) return `F = ${fmt(F)} N hardly exceeds the friction μ·m·g = ${fmt(mu * m * G)} N`;
    const v = (F - mu * m * G) / m * t;
    return v > 10 ? `the crate would reach ${fmt(v)} m/s, where the contact's friction is no longer μ·m·g` : null;
  },
  world: ({ m, mu }) => [
    { tag: "geom", name: "crate", attr: "mass", value: m },
    { tag: "geom", name: "crate", attr: "friction", index: 0, value: mu },
    { tag: "geom", name: "floor", attr: "friction", index: 0, value: mu },
  ],
  text: ({ mu, F, t }) => [
    ["crate and floor is 0.3", `crate and floor is ${fmt(mu)}`],
    ["force of 15 N for 1.0 s", `force of ${fmt(F)} N for ${t === 1 ? "1.0" : fmt(t)} s`],
    ["force for 1.0 s", `force for ${t === 1 ? "1.0" : fmt(t)} s`],
    ["applies (15, 0, 0) N to it for 1.0 s", `applies (${fmt(F)}, 0, 0) N to it for ${t === 1 ? "1.0" : fmt(t)} s`],
  ],
  procedure: ({ m, mu, F, t }) => ({
    summary: `find_objects, apply (${fmt(F)}, 0, 0) N to the hidden crate for ${t === 1 ? "1.0" : fmt(t)} s, report its speed`,
    *run() {
      yield [{ tool: "find_objects", parameters: {} }];
      const [, v] = yield [
        { tool: "apply_force", parameters: { object_id: "object_2", force_vector: [F, 0, 0], duration: t } },
        { tool: "get_velocity", parameters: { object_id: "object_2" } },
      ];
      const [vx, vy, vz] = v.result!.velocity as number[];
      return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
    },
    closedForm: {
      value: (F - mu * m * G) / m * t,
      tolerance: 0.03,
      formula: `v = (F − μ·m·g)/m · t = (${fmt(F)} − ${fmt(mu)} × ${fmt(m)} × 9.81)/${fmt(m)} × ${t === 1 ? "1.0" : fmt(t)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
