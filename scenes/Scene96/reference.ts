// Reveal the hidden ball, launch the striker at it, step until they have touched and
// separated, and infer the hidden mass from momentum conservation.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 20;

export const reference: ReferenceProcedure = {
  summary: "find_objects, v₁ = [2,0,0], step 5 ms at a time until contact and then separation, m₂ = m₁(v₁ − v₁′)/v₂′",
  *run() {
    const [, params] = yield [
      { tool: "find_objects", parameters: {} },
      { tool: "get_parameters", parameters: { object_id: "object_1" } },
    ];
    const m1 = params.result!.mass as number;
    const [set] = yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [2, 0, 0] } }];
    const v1 = (set.result!.velocity as number[])[0];
    let touched = false;
    for (let batch = 0; batch < 15; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const hit = res[2 * i + 1].result!.collision_detected as boolean;
        if (hit) touched = true;
        else if (touched) {
          // separated: later steps in this batch only coast, so the velocities are final
          const [a, b] = yield [
            { tool: "get_velocity", parameters: { object_id: "object_1" } },
            { tool: "get_velocity", parameters: { object_id: "object_2" } },
          ];
          const v1p = (a.result!.velocity as number[])[0];
          const v2p = (b.result!.velocity as number[])[0];
          return Math.round(((m1 * (v1 - v1p)) / v2p) * 1000) / 1000;
        }
      }
    }
    throw new Error("the balls never collided and separated");
  },
  closedForm: { value: 2.5, tolerance: 0.02, formula: "m₂ = m₁(v₁ − v₁′)/v₂′ (momentum conservation), the hidden ball's mass" },
};
