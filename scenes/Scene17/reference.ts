// Create a 0.2 m, 500 kg/m³ ball 5 m up, push it upward with a steady 100 N, read its acceleration.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "create the ball at (0, 0, 5), apply a persistent 100 N upward force, step 0.2 s, report the vertical acceleration",
  *run() {
    const [, , , a] = yield [
      { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 5], radius: 0.2, density: 500 } },
      { tool: "apply_force", parameters: { object_id: "ball", force_vector: [0, 0, 100] } },
      { tool: "step", parameters: { duration: 0.2 } },
      { tool: "get_acceleration", parameters: { object_id: "ball" } },
    ];
    return Math.round((a.result!.z as number) * 1000) / 1000;
  },
  closedForm: {
    value: 100 / (500 * (4 / 3) * Math.PI * 0.2 ** 3) - 9.81,
    tolerance: 0.02,
    formula: "a_z = F/m − g with m = ρ·(4/3)·π·r³ = 500 × (4/3)·π·0.2³",
  },
};
