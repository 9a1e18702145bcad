// Find the torque that holds the beam still: apply a trial torque about −y, read the beam
// centre's instantaneous acceleration (a pure function of the applied torque while the beam is
// at rest), and correct the torque by the secant through the last two trials until the
// acceleration vanishes; then check over half a second that the beam stays still.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "repeat: apply_torque (0, −τ, 0), get_acceleration; secant on a_z(τ) until |a_z| < 1e-6; step 0.5 s to check the beam stays still; report τ",
  *run() {
    const trials: { tau: number; az: number }[] = [];
    let tau = 5;
    for (let k = 0; k < 10; k++) {
      const [, a] = yield [
        { tool: "apply_torque", parameters: { object_id: "object_1", torque_vector: [0, -tau, 0] } },
        { tool: "get_acceleration", parameters: { object_id: "object_1" } },
      ];
      const az = (a.result as { z: number }).z;
      if (Math.abs(az) < 1e-6) {
        // check: with this torque the beam stays put for half a second
        const [, v] = yield [
          { tool: "step", parameters: { duration: 0.5 } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        ];
        if (Math.hypot(...(v.result!.velocity as number[])) > 1e-3) throw new Error("the beam still moves");
        return Math.round(tau * 1000) / 1000;
      }
      trials.push({ tau, az });
      if (trials.length === 1) tau = 10;
      else {
        const [p, q] = trials.slice(-2);
        tau = q.tau - (q.az * (q.tau - p.tau)) / (q.az - p.az);
      }
    }
    throw new Error("no convergence");
  },
  closedForm: { value: 9.81 * (1.5 * 0.6 + 0.5 * 1.2), tolerance: 0.01, formula: "τ = g·(m_beam·L/2 + m_ball·L) = 9.81 × (1.5 × 0.6 + 0.5 × 1.2)" },
};
