// Push the puck with 2 N along +x for 0.8 s, read its kinetic energy.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { masses } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "read the puck's mass, apply (2, 0, 0) N for 0.8 s, report its kinetic energy",
  *run() {
    const [mass] = yield* masses("object_1");
    const [, ke] = yield [
      { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [2, 0, 0], duration: 0.8 } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass } },
    ];
    return Math.round((ke.result!.kinetic_energy as number) * 1000) / 1000;
  },
  closedForm: { value: (2 * 0.8) ** 2 / (2 * 0.4), tolerance: 0.02, formula: "KE = (F·Δt)²/(2m) = (2 × 0.8)²/(2 × 0.4)" },
};
