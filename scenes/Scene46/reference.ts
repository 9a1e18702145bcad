// Reveal the hidden crate, give it a speed along +x, and step 0.1 s at a time until it has
// stopped sliding; the answer is how far it slid (x at rest − x at launch).
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

export const variation = defineVariation({
  parameters: {
    mu: { base: 0.45, min: 0.2, max: 0.8, step: 0.05, unit: "" },
    v0: { base: 2.0, min: 1.0, max: 3.0, step: 0.1, unit: "m/s" },
    m: { base: 3.0, min: 1.0, max: 6.0, step: 0.5, unit: "kg" },
  },
  // a slide over in a few tenths of a second is a short, coarsely sampled measurement
  constraint: ({ mu, v0 }) => {
    const t = v0 / (mu * 9.81);
    return t < 0.3 ? `the crate would stop after ${fmt(t)} s, too short a slide` : null;
  },
  // both surfaces carry the coefficient (MuJoCo takes the larger of the pair)
  world: ({ mu, m }) => [
    { tag: "geom", name: "floor", attr: "friction", value: mu, index: 0 },
    { tag: "geom", name: "crate", attr: "friction", value: mu, index: 0 },
    { tag: "geom", name: "crate", attr: "mass", value: m },
  ],
  text: ({ mu, v0 }) => [
    ["sliding friction of 0.45", `sliding friction of ${fmt(mu)}`],
    ["a velocity of 2.0 m/s along +x", `a velocity of ${v0.toFixed(1)} m/s along +x`],
    ["(set its velocity to (2.0, 0, 0))", `(set its velocity to (${v0.toFixed(1)}, 0, 0))`],
    ["sets its velocity to 2.0 m/s along +x", `sets its velocity to ${v0.toFixed(1)} m/s along +x`],
  ],
  procedure: ({ mu, v0 }) => ({
    summary: `find_objects, read the crate's x, set v = (${fmt(v0)}, 0, 0), step 0.1 s at a time until |v| < 1 mm/s, report the distance slid`,
    *run() {
      yield [{ tool: "find_objects", parameters: {} }];
      const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
      const x0 = (p0.result!.position as number[])[0];
      yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [v0, 0, 0] } }];
      // 3 s: the longest allowed slide (3 m/s at μ = 0.2) stops after 1.6 s
      for (let k = 0; k < 30; k++) {
        const [, p, v] = yield [
          { tool: "step", parameters: { duration: 0.1 } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        ];
        const vel = v.result!.velocity as number[];
        if (Math.hypot(vel[0], vel[1], vel[2]) < 0.001) {
          return Math.round(((p.result!.position as number[])[0] - x0) * 1000) / 1000;
        }
      }
      throw new Error("the crate did not stop");
    },
    closedForm: { value: (v0 * v0) / (2 * mu * 9.81), tolerance: 0.03, formula: `d = v₀²/(2μg) = ${v0.toFixed(1)}² / (2 × ${fmt(mu)} × 9.81)` },
  }),
});

export const reference = baseProcedure(variation);
