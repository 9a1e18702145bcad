// Find the torque that holds the beam still: apply a trial torque about −y, step one timestep
// and read the beam centre's acceleration across it (linear in the torque), and correct the
// torque by the secant through the last two trials until the acceleration vanishes; then stop
// the slow swing the trials left with one timestep of a correcting torque and check over half
// a second that the beam stays still.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { holdStill, round } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "repeat: apply_torque (0, −τ, 0), step one timestep, get_acceleration; secant on a_z(τ) until |a_z| < 1e-6; one timestep of the torque that cancels the trials' swing, then 0.5 s to check the beam stays still; report τ",
  *run() {
    const tau = yield* holdStill("object_1", (tau) => ({ tool: "apply_torque", parameters: { object_id: "object_1", torque_vector: [0, -tau, 0] } }), "the beam");
    return round(tau);
  },
  closedForm: { value: 9.81 * (1.5 * 0.6 + 0.5 * 1.2), tolerance: 0.01, formula: "τ = g·(m_beam·L/2 + m_ball·L) = 9.81 × (1.5 × 0.6 + 0.5 × 1.2)" },
};
