// Push the pair with a persistent force, delete the front block, push on.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "persistent F = [7,0,0] on object_1; step 0.5 s, v; delete object_2; step 0.5 s, v; report both speeds",
  *run() {
    const [, , v1] = yield [
      { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [7, 0, 0] } },
      { tool: "step", parameters: { duration: 0.5 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    const [, , v2] = yield [
      { tool: "delete_objects", parameters: { object_id: "object_2" } },
      { tool: "step", parameters: { duration: 0.5 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    const s1 = Math.hypot(...(v1.result!.velocity as number[]));
    const s2 = Math.hypot(...(v2.result!.velocity as number[]));
    return [Math.round(s1 * 1000) / 1000, Math.round(s2 * 1000) / 1000];
  },
  closedForm: { value: [(7 / 4) * 0.5, (7 / 4) * 0.5 + 7 * 0.5], tolerance: 0.02, formula: "[F/(m₁+m₂)·t, that + F/m₁·t] with F = 7, m₁ = 1, m₂ = 3, t = 0.5" },
};
