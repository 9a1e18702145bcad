// Create a small dense ball and a large light ball, centres both 2 m up; after 0.62 s only the large one has touched the floor.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "create object_2 (r 0.05, ρ 8000) and object_3 (r 0.15, ρ 200) with centres at z = 2, step 0.62 s, check which has touched the floor",
  *run() {
    const [, , , c2, c3] = yield [
      { tool: "create_objects", parameters: { name: "object_2", pos: [-1, 0, 2], radius: 0.05, density: 8000 } },
      { tool: "create_objects", parameters: { name: "object_3", pos: [1, 0, 2], radius: 0.15, density: 200 } },
      { tool: "step", parameters: { duration: 0.62 } },
      { tool: "detect_collision", parameters: { obj1_id: "object_2", obj2_id: "object_1" } },
      { tool: "detect_collision", parameters: { obj1_id: "object_3", obj2_id: "object_1" } },
    ];
    const hit2 = c2.result!.collision_detected as boolean;
    const hit3 = c3.result!.collision_detected as boolean;
    return hit2 === hit3 ? 0 : hit2 ? 2 : 3;
  },
  closedForm: {
    value: 3,
    tolerance: 0,
    formula: "equal accelerations g; fall distances 2 − 0.15 = 1.85 m < 2 − 0.05 = 1.95 m, so t₃ = √(2·1.85/g) ≈ 0.614 s < t₂ ≈ 0.631 s: object 3",
  },
};
