import { baseProcedure, defineVariation, fmt, fmt1 } from "../../engine/physment/variation/declare.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const G = 9.81;

// Newton's second law with kinetic friction: push F for t, read the speed.
export const variation = defineVariation({
  parameters: {
    m: { base: 2, min: 1, max: 5, step: 0.5, unit: "kg" },
    mu: { base: 0.3, min: 0.1, max: 0.4, step: 0.05, unit: "" },
    F: { base: 15, min: 8, max: 30, step: 1, unit: "N" },
    t: { base: 1, min: 0.5, max: 2, step: 0.1, unit: "s" },
  },
  // a push that barely beats friction gives a near-zero speed; past about 10 m/s the soft
  // contact's sliding friction falls measurably short of μ·m·g
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
    ["between them is 0.3", `between them is ${fmt(mu)}`],
    ["force of 15 N along +x pushes the crate for 1.0 s", `force of ${fmt(F)} N along +x pushes the crate for ${fmt1(t)} s`],
    ["Apply the 15 N push along +x for 1.0 s", `Apply the ${fmt(F)} N push along +x for ${fmt1(t)} s`],
    ["force of [15, 0, 0] N to the crate with a duration of 1.0 s", `force of [${fmt(F)}, 0, 0] N to the crate with a duration of ${fmt1(t)} s`],
  ],
  procedure: ({ m, mu, F, t }) => ({
    summary: `apply [${fmt(F)}, 0, 0] N for ${fmt1(t)} s, read the crate's velocity, report |v_x|`,
    *run() {
      const [, v] = yield [
        { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [F, 0, 0], duration: t } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ];
      return r3(Math.abs((v.result!.velocity as number[])[0]));
    },
    closedForm: {
      value: (F - mu * m * G) / m * t,
      tolerance: 0.04,
      formula: `v = (F − μ·m·g)/m · t = (${fmt(F)} − ${fmt(mu)} × ${fmt(m)} × 9.81)/${fmt(m)} × ${fmt1(t)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
