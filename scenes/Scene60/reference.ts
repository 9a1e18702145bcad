import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { launch, masses, round } from "../procedures.ts";

// Kinetic friction + impulse–momentum: p = m·(v₀ − μ·g·t).
export const reference: ReferenceProcedure = {
  summary: "read the mass, set v = [4, 0, 0], step 1.0 s, report |get_momentum|",
  *run() {
    const [m] = yield* masses("object_1");
    const [mo] = yield* launch("object_1", [4, 0, 0], 1.0, [{ tool: "get_momentum", parameters: { object_id: "object_1", mass: m } }]);
    const q = mo.result!.momentum as { x: number; y: number; z: number };
    return round(Math.hypot(q.x, q.y, q.z));
  },
  closedForm: { value: 3 * (4 - 0.25 * 9.81 * 1.0), tolerance: 0.05, formula: "p = m·(v₀ − μ·g·t) = 3 × (4 − 0.25 × 9.81 × 1.0)" },
};
