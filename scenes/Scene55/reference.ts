import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { launch, masses, round } from "../procedures.ts";

// Projectile motion + kinetic energy: at the apex only the horizontal velocity remains.
export const reference: ReferenceProcedure = {
  summary: "read the mass, set v = [4, 0, 6], step 6/9.81 s, report get_kinetic_energy",
  *run() {
    const [m] = yield* masses("object_1");
    const [ke] = yield* launch("object_1", [4, 0, 6], 6 / 9.81, [{ tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } }]);
    return round(ke.result!.kinetic_energy as number);
  },
  closedForm: { value: 0.5 * 0.6 * 4 ** 2, tolerance: 0.02, formula: "KE_apex = ½·m·v_x² = ½ × 0.6 × 4²" },
};
