// Bisect the up-slope push: each trial resets the cube to its start at rest, pushes for 1 s
// and checks whether it slides up the ramp.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { bisect, position, round, velocity } from "../procedures.ts";

const THETA = (20 * Math.PI) / 180;
const U = [Math.cos(THETA), 0, Math.sin(THETA)];

export const reference: ReferenceProcedure = {
  summary: "bisect F on [0, 32] N over 10 trials (reset to start at rest, push F along the slope for 1 s, slid if the up-slope speed > 0.03 m/s), report the midpoint",
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
    value: 2 * 9.81 * (Math.sin(THETA) + 0.5 * Math.cos(THETA)),
    tolerance: 0.02,
    formula: "F = mg(sin θ + μ cos θ), m = 2, θ = 20°, μ = 0.5",
  },
};
