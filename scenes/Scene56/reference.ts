import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Rotational dynamics (τ = I·α) + rotational kinetic energy.
export const reference: ReferenceProcedure = {
  summary: "apply torque [0, 0, 2] N·m for 1.5 s, report get_rotational_energy",
  *run() {
    const [, e] = yield [
      { tool: "apply_torque", parameters: { object_id: "object_1", torque_vector: [0, 0, 2], duration: 1.5 } },
      { tool: "get_rotational_energy", parameters: { object_id: "object_1" } },
    ];
    return r3(e.result!.rotational_energy as number);
  },
  closedForm: { value: (2 * 1.5) ** 2 / (2 * 0.5 * 4 * 0.25 ** 2), tolerance: 0.02, formula: "E = (τ·t)²/(2I), I = ½·m·r² = (2 × 1.5)²/(2 × 0.125)" },
};
