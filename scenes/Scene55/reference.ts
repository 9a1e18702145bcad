import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { masses } from "../procedures.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Projectile motion + kinetic energy: at the apex only the horizontal velocity remains.
export const reference: ReferenceProcedure = {
  summary: "read the mass, set v = [4, 0, 6], step 6/9.81 s, report get_kinetic_energy",
  *run() {
    const [m] = yield* masses("object_1");
    const [, , ke] = yield [
      { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [4, 0, 6] } },
      { tool: "step", parameters: { duration: 6 / 9.81 } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
    ];
    return r3(ke.result!.kinetic_energy as number);
  },
  closedForm: { value: 0.5 * 0.6 * 4 ** 2, tolerance: 0.02, formula: "KE_apex = ½·m·v_x² = ½ × 0.6 × 4²" },
};
