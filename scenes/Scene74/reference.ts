import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { mass, revealParameters, round } from "../procedures.ts";

// Hidden object + Newton's second law / impulse + work–energy theorem: KE = (F·t)²/(2m).
export const reference: ReferenceProcedure = {
  summary: "find_objects, read the crate's mass, apply [20, 0, 0] N for 1.5 s, report get_kinetic_energy",
  *run() {
    const m = mass(yield* revealParameters("object_2"));
    const [, ke] = yield [
      { tool: "apply_force", parameters: { object_id: "object_2", force_vector: [20, 0, 0], duration: 1.5 } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_2", mass: m } },
    ];
    return round(ke.result!.kinetic_energy as number);
  },
  closedForm: { value: (20 * 1.5) ** 2 / (2 * 4), tolerance: 0.02, formula: "KE = (F·t)²/(2·m) = (20 × 1.5)²/(2 × 4)" },
};
