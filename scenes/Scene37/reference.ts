// Find the upward force that makes the ball hover: apply a trial force, read the ball's
// instantaneous acceleration (linear in the force), correct the force by the secant through the
// last two trials until the acceleration vanishes, then check over half a second that the ball
// stays where it is.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "repeat: apply_force (0, 0, F), get_acceleration; secant on a_z(F) until |a_z| < 1e-6; step 0.5 s to check the ball stays put; report F",
  *run() {
    const trials: { f: number; az: number }[] = [];
    let f = 5;
    for (let k = 0; k < 10; k++) {
      const [, a] = yield [
        { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [0, 0, f] } },
        { tool: "get_acceleration", parameters: { object_id: "object_1" } },
      ];
      const az = (a.result as { z: number }).z;
      if (Math.abs(az) < 1e-6) {
        const [, v] = yield [
          { tool: "step", parameters: { duration: 0.5 } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        ];
        if (Math.hypot(...(v.result!.velocity as number[])) > 1e-3) throw new Error("the ball still moves");
        return Math.round(f * 1000) / 1000;
      }
      trials.push({ f, az });
      if (trials.length === 1) f = 10;
      else {
        const [p, q] = trials.slice(-2);
        f = q.f - (q.az * (q.f - p.f)) / (q.az - p.az);
      }
    }
    throw new Error("no convergence");
  },
  closedForm: { value: 1.7 * 9.81, tolerance: 0.01, formula: "hovering: F − m·g = 0, F = m·g = 1.7 × 9.81" },
};
