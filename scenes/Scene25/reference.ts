// Reveal the hidden flywheel, apply 2 N·m about its axle for 0.6 s, read its rotational energy.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { round, spinUp } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "find_objects, apply (0, 0, 2) N·m to the hidden flywheel for 0.6 s, report its rotational energy",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    return round(yield* spinUp("object_2", [0, 0, 2], 0.6));
  },
  closedForm: {
    value: (2 * 0.6) ** 2 / (2 * 0.5 * 4 * 0.25 ** 2),
    tolerance: 0.02,
    formula: "E = (τ·Δt)²/(2I), I = ½·m·r² = ½ × 4 × 0.25², τ = 2 N·m, Δt = 0.6 s",
  },
};
