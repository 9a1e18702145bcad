// Reveal the hidden ball, read its mass, let it fall 0.5 s, read its kinetic energy.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { mass, revealParameters, round } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "find_objects, read the hidden ball's mass, step 0.5 s, report its kinetic energy",
  *run() {
    const m = mass(yield* revealParameters("object_2"));
    const [, ke] = yield [
      { tool: "step", parameters: { duration: 0.5 } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_2", mass: m } },
    ];
    return round(ke.result!.kinetic_energy as number);
  },
  closedForm: { value: 0.5 * 1.2 * (9.81 * 0.5) ** 2, tolerance: 0.02, formula: "KE = ½·m·(g·t)² = ½ × 1.2 × (9.81 × 0.5)²" },
};
