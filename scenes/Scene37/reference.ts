// Find the upward force that makes the ball hover: apply a trial force, step one timestep and
// read the ball's acceleration across it (linear in the force), correct the force by the secant
// through the last two trials until the acceleration vanishes, then stop the slow drift the
// trials left with one timestep of a correcting force and check over half a second that the
// ball stays still.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { holdStill, round } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "repeat: apply_force (0, 0, F), step one timestep, get_acceleration; secant on a_z(F) until |a_z| < 1e-6; one timestep of the force that cancels the trials' drift, then 0.5 s to check the ball stays put; report F",
  *run() {
    const f = yield* holdStill("object_1", (f) => ({ tool: "apply_force", parameters: { object_id: "object_1", force_vector: [0, 0, f] } }), "the ball");
    return round(f);
  },
  closedForm: { value: 1.7 * 9.81, tolerance: 0.01, formula: "hovering: F − m·g = 0, F = m·g = 1.7 × 9.81" },
};
