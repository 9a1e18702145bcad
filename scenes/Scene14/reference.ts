// Send ball 1 at 4 m/s into ball 2 at rest, read ball 2's velocity after the collision.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { launch, round, velocity } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "set ball 1's velocity to (4, 0, 0), step 0.5 s (collision at ≈ 0.2 s), report ball 2's velocity along x",
  *run() {
    const [v] = yield* launch("object_1", [4, 0, 0], 0.5, [{ tool: "get_velocity", parameters: { object_id: "object_2" } }]);
    return round(velocity(v)[0]);
  },
  closedForm: { value: (2 * 1 * 4) / (1 + 3), tolerance: 0.03, formula: "elastic collision: v2' = 2·m1·v1/(m1 + m2) = 2 × 1 × 4 / (1 + 3)" },
};
