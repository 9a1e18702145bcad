// Find the upward force that makes the ball hover: apply a trial force, step one timestep and
// read the ball's acceleration across it (linear in the force), correct the force by the secant
// through the last two trials until the acceleration vanishes, then stop the slow drift the
// trials left with one timestep of a correcting force and check over half a second that the
// ball stays still.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { holdStill, round } from "../procedures.ts";

// The ball's mass (which the task withholds), its size and height vary; the question does not.
export const variation = defineVariation({
  parameters: {
    m: { base: 1.7, min: 0.5, max: 5, step: 0.1, unit: "kg" },
    r: { base: 0.12, min: 0.06, max: 0.2, step: 0.01, unit: "m" },
    h: { base: 1.5, min: 0.8, max: 3, step: 0.1, unit: "m" },
  },
  world: ({ m, r, h }) => [
    { tag: "geom", name: "ball", attr: "mass", value: m },
    { tag: "geom", name: "ball", attr: "size", value: r },
    { tag: "body", name: "object_1", attr: "pos", index: 2, value: h },
  ],
  text: () => [],
  procedure: ({ m }) => ({
    summary: "repeat: apply_force (0, 0, F), step one timestep, get_acceleration; secant on a_z(F) until |a_z| < 1e-6; one timestep of the force that cancels the trials' drift, then 0.5 s to check the ball stays put; report F",
    *run() {
      const f = yield* holdStill("object_1", (f) => ({ tool: "apply_force", parameters: { object_id: "object_1", force_vector: [0, 0, f] } }), "the ball");
      return round(f);
    },
    closedForm: { value: m * 9.81, tolerance: 0.01, formula: `hovering: F − m·g = 0, F = m·g = ${fmt(m)} × 9.81` },
  }),
});

export const reference = baseProcedure(variation);
