import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { launch, mass, revealParameters, round } from "../procedures.ts";

// Hidden object + simple harmonic motion + energy conservation: A = v₀·√(m/k).
export const reference: ReferenceProcedure = {
  summary: "find_objects, read mass and spring constant, set v = [1.5, 0, 0], step a quarter period, report get_displacement",
  *run() {
    const p = yield* revealParameters("object_2");
    const m = mass(p);
    const k = p.result!.spring_constant as number;
    const [d] = yield* launch("object_2", [1.5, 0, 0], (Math.PI / 2) * Math.sqrt(m / k), [{ tool: "get_displacement", parameters: { object_id: "object_2" } }]);
    return round(d.result!.displacement as number);
  },
  closedForm: { value: 1.5 * Math.sqrt(2 / 50), tolerance: 0.02, formula: "A = v₀·√(m/k) = 1.5 × √(2/50)" },
};
