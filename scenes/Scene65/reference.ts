import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { launch, masses, round } from "../procedures.ts";

// Vertical projectile (kinematics) + energy conservation: PE at the apex = m·g·h₀ + ½·m·v₀².
export const reference: ReferenceProcedure = {
  summary: "read the mass, set v = [0, 0, 8], step 8/9.81 s, report get_potential_energy",
  *run() {
    const [m] = yield* masses("object_1");
    const [u] = yield* launch("object_1", [0, 0, 8], 8 / 9.81, [{ tool: "get_potential_energy", parameters: { object_id: "object_1", mass: m } }]);
    return round(u.result!.potential_energy as number);
  },
  closedForm: { value: 0.4 * 9.81 * 1 + 0.5 * 0.4 * 8 ** 2, tolerance: 0.02, formula: "PE = m·g·h₀ + ½·m·v₀² = 0.4 × 9.81 × 1 + ½ × 0.4 × 8²" },
};
