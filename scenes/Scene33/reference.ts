// Find the force parallel to the incline that holds the cart still: each trial puts the cart
// back at rest at its start, pushes it up the slope with a trial force for 0.3 s and reads its
// velocity along the slope; the force is corrected by the secant through the last two trials
// until the cart no longer moves.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const TH = (25 * Math.PI) / 180;
const UP = [-Math.cos(TH), 0, Math.sin(TH)]; // unit vector up the slope

// The cart's mass, which the task withholds, varies.
export const variation = defineVariation({
  parameters: { m: { base: 2.4, min: 0.5, max: 6, step: 0.1, unit: "kg" } },
  world: ({ m }) => [{ tag: "geom", name: "cart", attr: "mass", value: m }],
  text: () => [],
  procedure: ({ m }) => ({
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
      value: m * 9.81 * Math.sin(TH),
      tolerance: 0.01,
      formula: `F = m·g·sin θ = ${fmt(m)} × 9.81 × sin 25°`,
    },
  }),
});

export const reference = baseProcedure(variation);
