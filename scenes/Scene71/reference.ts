import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { launch, mass, revealParameters, round } from "../procedures.ts";

// Hidden object + projectile kinematics + momentum.
export const reference: ReferenceProcedure = {
  summary: "find_objects, read the hidden ball's mass, set v = [3, 0, 0], step 0.6 s, report |get_momentum|",
  *run() {
    const m = mass(yield* revealParameters("object_2"));
    const [mo] = yield* launch("object_2", [3, 0, 0], 0.6, [{ tool: "get_momentum", parameters: { object_id: "object_2", mass: m } }]);
    const q = mo.result!.momentum as { x: number; y: number; z: number };
    return round(Math.hypot(q.x, q.y, q.z));
  },
  closedForm: { value: 1.5 * Math.hypot(3, 9.81 * 0.6), tolerance: 0.02, formula: "|p| = m·√(v₀² + (g·t)²) = 1.5 × √(3² + (9.81 × 0.6)²)" },
};
