// Find the force parallel to the incline that holds the cart still: each trial puts the cart
// back at rest at its start, pushes it up the slope with a trial force for 0.3 s and reads its
// velocity along the slope; the force is corrected by the secant through the last two trials
// until the cart no longer moves.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const rad = (deg: number) => (deg * Math.PI) / 180;
/** The unit vector up a slope of `deg` degrees (the ramp descends toward +x). */
const up = (deg: number) => [-Math.cos(rad(deg)), 0, Math.sin(rad(deg))];

// The cart's mass, which the task withholds, and the ramp's inclination (stated) vary. The
// ramp turns about its centre (0, 0, 1); the cart rests at its middle, its centre 0.11 m
// (the two half-thicknesses) along the ramp's normal (8 decimals, as published).
export const variation = defineVariation({
  parameters: {
    m: { base: 2.4, min: 0.5, max: 6, step: 0.1, unit: "kg" },
    deg: { base: 25, min: 10, max: 40, step: 1, unit: "°" },
  },
  world: ({ m, deg }) => [
    { tag: "geom", name: "cart", attr: "mass", value: m },
    { tag: "body", name: "object_2", attr: "euler", index: 1, value: deg },
    { tag: "body", name: "object_1", attr: "euler", index: 1, value: deg },
    {
      tag: "body",
      name: "object_1",
      attr: "pos",
      value: [Number((0.11 * Math.sin(rad(deg))).toFixed(8)), 0, Number((1 + 0.11 * Math.cos(rad(deg))).toFixed(8))],
    },
  ],
  text: ({ deg }) => [
    ["inclined at 25°", `inclined at ${fmt(deg)}°`],
    ["(−cos 25°, 0, sin 25°)", `(−cos ${fmt(deg)}°, 0, sin ${fmt(deg)}°)`],
  ],
  procedure: ({ m, deg }) => {
    const UP = up(deg);
    return {
      summary:
        "repeat: reset the cart at rest, apply F along the up-slope direction for 0.3 s, read v·û; secant on F until |v·û| < 1e-5 m/s; report F",
      *run() {
        const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
        const start = p0.result!.position as number[];
        const trials: { f: number; v: number }[] = [];
        let f = 5;
        for (let k = 0; k < 10; k++) {
          const [, , , vel] = yield [
            { tool: "move_object", parameters: { object_id: "object_1", x: start[0], y: start[1], z: start[2] } },
            { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [0, 0, 0] } },
            {
              tool: "apply_force",
              parameters: { object_id: "object_1", force_vector: UP.map((c) => c * f), duration: 0.3 },
            },
            { tool: "get_velocity", parameters: { object_id: "object_1" } },
          ];
          const v = (vel.result!.velocity as number[]).reduce((s, c, i) => s + c * UP[i], 0);
          if (Math.abs(v) < 1e-5) return Math.round(f * 1000) / 1000;
          trials.push({ f, v });
          if (trials.length === 1) f = 15;
          else {
            const [p, q] = trials.slice(-2);
            f = q.f - (q.v * (q.f - p.f)) / (q.v - p.v);
          }
        }
        throw new Error("no convergence");
      },
      closedForm: {
        value: m * 9.81 * Math.sin(rad(deg)),
        tolerance: 0.01,
        formula: `F = m·g·sin θ = ${fmt(m)} × 9.81 × sin ${fmt(deg)}°`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
