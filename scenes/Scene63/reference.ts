import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Rolling on an incline + moments of inertia: distance ratio (5/7)/(2/3) = 15/14.
export const reference: ReferenceProcedure = {
  summary: "step 1.5 s, report get_displacement(ball) / get_displacement(cylinder)",
  *run() {
    const [, b, c] = yield [
      { tool: "step", parameters: { duration: 1.5 } },
      { tool: "get_displacement", parameters: { object_id: "object_1" } },
      { tool: "get_displacement", parameters: { object_id: "object_2" } },
    ];
    return r3((b.result!.displacement as number) / (c.result!.displacement as number));
  },
  closedForm: { value: 5 / 7 / (2 / 3), tolerance: 0.02, formula: "d_ball/d_cyl = (5/7)/(2/3) = 15/14" },
};
