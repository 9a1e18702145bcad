// Shove the crate at 5 m/s along +x, let it slide 0.6 s, read its speed.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { launch, round, velocity } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "set the crate's velocity to (5, 0, 0) m/s, step 0.6 s, report its speed",
  *run() {
    const [v] = yield* launch("object_1", [5, 0, 0], 0.6, [{ tool: "get_velocity", parameters: { object_id: "object_1" } }]);
    const [vx, vy, vz] = velocity(v);
    return round(Math.hypot(vx, vy, vz));
  },
  closedForm: { value: 5 - 0.4 * 9.81 * 0.6, tolerance: 0.03, formula: "v = v0 − μ·g·t = 5 − 0.4 × 9.81 × 0.6" },
};
