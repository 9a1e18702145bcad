import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { masses } from "../procedures.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Free fall (kinematics) followed by kinetic energy: read the mass, fall 0.9 s, ½mv².
export const reference: ReferenceProcedure = {
  summary: "read the ball's mass, step 0.9 s, report get_kinetic_energy with that mass",
  *run() {
    const [m] = yield* masses("object_1");
    const [, ke] = yield [
      { tool: "step", parameters: { duration: 0.9 } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
    ];
    return r3(ke.result!.kinetic_energy as number);
  },
  closedForm: { value: 0.5 * 2 * (9.81 * 0.9) ** 2, tolerance: 0.02, formula: "KE = ½·m·(g·t)² = ½ × 2 × (9.81 × 0.9)²" },
};
