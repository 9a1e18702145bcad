// Push the pair with a persistent force, delete the front block, push on.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

export const variation = defineVariation({
  parameters: {
    F: { base: 7, min: 2, max: 15, step: 0.5, unit: "N" },
    m1: { base: 1, min: 0.5, max: 3, step: 0.25, unit: "kg" },
    m2: { base: 3, min: 1, max: 6, step: 0.5, unit: "kg" },
    t: { base: 0.5, min: 0.3, max: 1.2, step: 0.1, unit: "s" },
  },
  // the pusher stays on the 30 m floor
  constraint: ({ F, m1, m2, t }) => {
    const x = (F / (m1 + m2)) * t * t / 2 + (F / (m1 + m2)) * t * t + (F / m1) * t * t / 2;
    return x > 25 ? `the pusher would travel ${fmt(x)} m, past the floor's edge` : null;
  },
  world: ({ m1, m2 }) => [
    { tag: "geom", name: "pusher", attr: "mass", value: m1 },
    { tag: "geom", name: "front", attr: "mass", value: m2 },
  ],
  text: ({ F, t }) => [
    ["force of 7 N along +x", `force of ${fmt(F)} N along +x`],
    ["After 0.5 s, object_2", `After ${fmt(t)} s, object_2`],
    ["for another 0.5 s", `for another ${fmt(t)} s`],
    ["(b) 0.5 s after it", `(b) ${fmt(t)} s after it`],
    ["applies [7, 0, 0] N", `applies [${fmt(F)}, 0, 0] N`],
    [
      "steps 0.5 s, reads its velocity, deletes object_2, steps 0.5 s",
      `steps ${fmt(t)} s, reads its velocity, deletes object_2, steps ${fmt(t)} s`,
    ],
  ],
  procedure: ({ F, m1, m2, t }) => ({
    summary: `persistent F = [${fmt(F)},0,0] on object_1; step ${fmt(t)} s, v; delete object_2; step ${
      fmt(t)
    } s, v; report both speeds`,
    *run() {
      const [, , v1] = yield [
        { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [F, 0, 0] } },
        { tool: "step", parameters: { duration: t } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ];
      const [, , v2] = yield [
        { tool: "delete_objects", parameters: { object_id: "object_2" } },
        { tool: "step", parameters: { duration: t } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ];
      const s1 = Math.hypot(...(v1.result!.velocity as number[]));
      const s2 = Math.hypot(...(v2.result!.velocity as number[]));
      return [Math.round(s1 * 1000) / 1000, Math.round(s2 * 1000) / 1000];
    },
    closedForm: {
      value: [(F / (m1 + m2)) * t, (F / (m1 + m2)) * t + (F / m1) * t],
      tolerance: 0.02,
      formula: `[F/(m₁+m₂)·t, that + F/m₁·t] with F = ${fmt(F)}, m₁ = ${fmt(m1)}, m₂ = ${fmt(m2)}, t = ${fmt(t)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
