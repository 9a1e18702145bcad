import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

// Torque balance + rotational dynamics: the larger moment m·g·d wins, not the larger mass alone.
export const reference: ReferenceProcedure = {
  summary: "read both weights' heights, step 0.3 s, read them again: code 1 if the left weight sank, 2 if the right one did, 3 if neither moved",
  *run() {
    const [l0, r0] = yield [
      { tool: "get_position", parameters: { object_id: "object_2" } },
      { tool: "get_position", parameters: { object_id: "object_3" } },
    ];
    const [, l1, r1] = yield [
      { tool: "step", parameters: { duration: 0.3 } },
      { tool: "get_position", parameters: { object_id: "object_2" } },
      { tool: "get_position", parameters: { object_id: "object_3" } },
    ];
    const dl = (l1.result!.position as number[])[2] - (l0.result!.position as number[])[2];
    const dr = (r1.result!.position as number[])[2] - (r0.result!.position as number[])[2];
    if (Math.abs(dl) < 1e-3 && Math.abs(dr) < 1e-3) return 3;
    return dl < dr ? 1 : 2;
  },
  closedForm: { value: 3 * 0.8 > 2 * 1.0 ? 1 : 2, tolerance: 0, formula: "code 1 when m_left·d_left = 3 × 0.8 exceeds m_right·d_right = 2 × 1.0" },
};
