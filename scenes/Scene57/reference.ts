import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { launch, masses } from "../procedures.ts";

// Kinematics (v = v₀ + g·t) + kinetic energy, compared between a heavy dropped ball and a light thrown one.
export const reference: ReferenceProcedure = {
  summary: "read both masses, set ball 2's velocity to [0, 0, −4], step 0.5 s, compare get_kinetic_energy of the two",
  *run() {
    const [m1, m2] = yield* masses("object_1", "object_2");
    const [k1, k2] = yield* launch("object_2", [0, 0, -4], 0.5, [
      { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m1 } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_2", mass: m2 } },
    ]);
    return (k1.result!.kinetic_energy as number) > (k2.result!.kinetic_energy as number) ? 1 : 2;
  },
  closedForm: { value: 0.5 * 3 * (9.81 * 0.5) ** 2 > 0.5 * 1 * (4 + 9.81 * 0.5) ** 2 ? 1 : 2, tolerance: 0, formula: "the larger of ½·3·(g·t)² ≈ 36.1 J and ½·1·(4 + g·t)² ≈ 39.6 J (object id)" },
};
