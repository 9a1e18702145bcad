// Let the lever go for 0.3 s and see which weight has dropped.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "read both weights' heights, step 0.3 s, read them again: 1 if the left end (−x) dropped, 2 if the right end dropped, 0 if balanced",
  *run() {
    const [l0, r0, , l1, r1] = yield [
      { tool: "get_position", parameters: { object_id: "object_2" } },
      { tool: "get_position", parameters: { object_id: "object_3" } },
      { tool: "step", parameters: { duration: 0.3 } },
      { tool: "get_position", parameters: { object_id: "object_2" } },
      { tool: "get_position", parameters: { object_id: "object_3" } },
    ];
    const z = (r: typeof l0) => (r.result!.position as number[])[2];
    const dl = z(l1) - z(l0);
    const dr = z(r1) - z(r0);
    if (Math.abs(dl) < 1e-3 && Math.abs(dr) < 1e-3) return 0;
    return dl < dr ? 1 : 2;
  },
  closedForm: {
    value: 1,
    tolerance: 0,
    formula: "torques about the pivot: 2 kg × g × 0.3 m = 5.89 N·m (left) > 1 kg × g × 0.5 m = 4.91 N·m (right), so the left end drops (code 1)",
  },
};
