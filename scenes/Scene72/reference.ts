import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { launch, round } from "../procedures.ts";

// Hidden object + kinetic friction + work–energy: stopping distance v²/(2μg).
export const reference: ReferenceProcedure = {
  summary: "find_objects, set the puck's velocity to [3, 0, 0], step 1.5 s, report get_displacement",
  *run() {
    const [d] = yield* launch("object_2", [3, 0, 0], 1.5, [{ tool: "get_displacement", parameters: { object_id: "object_2" } }], [{ tool: "find_objects", parameters: {} }]);
    return round(d.result!.displacement as number);
  },
  closedForm: { value: 3 ** 2 / (2 * 0.4 * 9.81), tolerance: 0.05, formula: "d = v²/(2·μ·g) = 3²/(2 × 0.4 × 9.81)" },
};
