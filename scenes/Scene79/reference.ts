// Drive the flywheel with 0.9 N·m in 0.25 s pulses until its rotational energy passes 10 J;
// I = L²/(2E) and the 10 J time from E ∝ t².
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const TAU = 0.9;
const I = 0.5 * 4 * 0.3 ** 2;

export const reference: ReferenceProcedure = {
  summary: "apply 0.9 N·m about z for 0.25 s at a time, reading E_rot and L, until E_rot > 10 J; report [L²/(2E), t·√(10/E)]",
  *run() {
    for (let k = 0; k < 16; k++) {
      const [, e, l, p] = yield [
        { tool: "apply_torque", parameters: { object_id: "object_1", torque_vector: [0, 0, TAU], duration: 0.25 } },
        { tool: "get_rotational_energy", parameters: { object_id: "object_1" } },
        { tool: "get_angular_momentum", parameters: { object_id: "object_1" } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ];
      const E = e.result!.rotational_energy as number;
      if (E > 10) {
        const L = (l.result!.angular_momentum as { z: number }).z;
        const t = p.result!.time as number;
        return [Math.round(((L * L) / (2 * E)) * 10000) / 10000, Math.round(t * Math.sqrt(10 / E) * 1000) / 1000];
      }
    }
    throw new Error("the flywheel never reached 10 J");
  },
  closedForm: { value: [I, Math.sqrt(2 * I * 10) / TAU], tolerance: 0.02, formula: "[½mr², √(2IE)/τ] with m = 4, r = 0.3, E = 10, τ = 0.9" },
};
