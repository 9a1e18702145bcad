// Reveal the hidden flywheel, apply 2 N·m about its axle for 0.6 s, read its rotational energy.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "find_objects, apply (0, 0, 2) N·m to the hidden flywheel for 0.6 s, report its rotational energy",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [, e] = yield [
      { tool: "apply_torque", parameters: { object_id: "object_2", torque_vector: [0, 0, 2], duration: 0.6 } },
      { tool: "get_rotational_energy", parameters: { object_id: "object_2" } },
    ];
    return Math.round((e.result!.rotational_energy as number) * 1000) / 1000;
  },
  closedForm: {
    value: (2 * 0.6) ** 2 / (2 * 0.5 * 4 * 0.25 ** 2),
    tolerance: 0.02,
    formula: "E = (τ·Δt)²/(2I), I = ½·m·r² = ½ × 4 × 0.25², τ = 2 N·m, Δt = 0.6 s",
  },
};
