import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { round, spinUp } from "../procedures.ts";

// Rotational dynamics (τ = I·α) + rotational kinetic energy.
export const reference: ReferenceProcedure = {
  summary: "apply torque [0, 0, 2] N·m for 1.5 s, report get_rotational_energy",
  *run() {
    return round(yield* spinUp("object_1", [0, 0, 2], 1.5));
  },
  closedForm: { value: (2 * 1.5) ** 2 / (2 * 0.5 * 4 * 0.25 ** 2), tolerance: 0.02, formula: "E = (τ·t)²/(2I), I = ½·m·r² = (2 × 1.5)²/(2 × 0.125)" },
};
