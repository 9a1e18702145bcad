// Bisect the up-slope push: each trial resets the cube to its start at rest, pushes for 1 s
// and checks whether it slides up the ramp.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { bisect, position, round, velocity } from "../procedures.ts";

const THETA = (20 * Math.PI) / 180;
const U = [Math.cos(THETA), 0, Math.sin(THETA)];

const threshold = (m: number, MU: number) => m * 9.81 * (Math.sin(THETA) + MU * Math.cos(THETA));

export const variation = defineVariation({
  parameters: {
    MU: { base: 0.5, min: 0.45, max: 0.6, step: 0.05, unit: "" },
    m: { base: 2, min: 0.5, max: 2.5, step: 0.25, unit: "kg" },
  },
  // μ above tan 20° = 0.36 keeps the cube at rest unpushed; the threshold lies inside the search's [0, 32] N
  constraint: (
    { MU, m },
  ) => (threshold(m, MU) > 28 ? `the threshold ${fmt(threshold(m, MU))} N lies too near the search's 32 N` : null),
  world: ({ MU, m }) => [
    { tag: "geom", within: "default", attr: "friction", index: 0, value: MU },
    { tag: "geom", name: "cube", attr: "mass", value: m },
  ],
  text: ({ MU }) => [["between them is 0.5", `between them is ${fmt(MU)}`]],
  procedure: ({ MU, m }) => ({
    summary:
      "bisect F on [0, 32] N over 10 trials (reset to start at rest, push F along the slope for 1 s, slid if the up-slope speed > 0.03 m/s), report the midpoint",
    *run() {
      // the parameters are read as an experimenter would (mass, size), though the bisection needs only the start
      const [, pos] = yield [
        { tool: "get_parameters", parameters: { object_id: "object_1" } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ];
      const start = position(pos);
      const [lo, hi] = yield* bisect(0, 32, 10, (f) => [
        { tool: "move_object", parameters: { object_id: "object_1", x: start[0], y: start[1], z: start[2] } },
        { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [0, 0, 0] } },
        { tool: "apply_force", parameters: { object_id: "object_1", force_vector: U.map((c) => f * c), duration: 1 } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ], (res) => {
        const v = velocity(res[3]);
        return v[0] * U[0] + v[1] * U[1] + v[2] * U[2] > 0.03;
      });
      return round((lo + hi) / 2, 2);
    },
    closedForm: {
      value: threshold(m, MU),
      tolerance: 0.02,
      formula: `F = mg(sin θ + μ cos θ), m = ${fmt(m)}, θ = 20°, μ = ${fmt(MU)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
