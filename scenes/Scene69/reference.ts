import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Object creation (density → mass) + Newton's second law against gravity + kinematics.
const M = 500 * (4 / 3) * Math.PI * 0.1 ** 3;

export const reference: ReferenceProcedure = {
  summary: "create the lifter (r 0.1 m, 500 kg/m³) at (0, 0, 1), apply [0, 0, 40] N for 1.0 s, report get_displacement",
  *run() {
    const [, , d] = yield [
      { tool: "create_objects", parameters: { name: "lifter", pos: [0, 0, 1], density: 500, radius: 0.1 } },
      { tool: "apply_force", parameters: { object_id: "lifter", force_vector: [0, 0, 40], duration: 1.0 } },
      { tool: "get_displacement", parameters: { object_id: "lifter" } },
    ];
    return r3(d.result!.displacement as number);
  },
  closedForm: { value: 0.5 * (40 / M - 9.81) * 1.0 ** 2, tolerance: 0.02, formula: "Δz = ½·(F/m − g)·t², m = 500·(4/3)π·0.1³" },
};
