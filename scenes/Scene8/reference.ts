// Launch the ball at (3, 0, 7) m/s, let it fly 1.1 s, read its height.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { launch, position, round } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "set the ball's velocity to (3, 0, 7) m/s, step 1.1 s, report its height z",
  *run() {
    const [p] = yield* launch("object_1", [3, 0, 7], 1.1, [{ tool: "get_position", parameters: { object_id: "object_1" } }]);
    return round(position(p)[2]);
  },
  closedForm: { value: 4 + 7 * 1.1 - 0.5 * 9.81 * 1.1 * 1.1, tolerance: 0.02, formula: "z = z0 + vz·t − ½·g·t² = 4 + 7 × 1.1 − ½ × 9.81 × 1.1²" },
};
