// Reveal the hidden ball, launch the striker at it, step until they have touched and
// separated, and infer the hidden mass from momentum conservation.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { eachStep, mass, revealParameters, round, velocity } from "../procedures.ts";

const BATCH = 20;

export const reference: ReferenceProcedure = {
  summary: "find_objects, v₁ = [2,0,0], step 5 ms at a time until contact and then separation, m₂ = m₁(v₁ − v₁′)/v₂′",
  *run() {
    const m1 = mass(yield* revealParameters("object_1"));
    const [set] = yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [2, 0, 0] } }];
    const v1 = velocity(set)[0];
    let touched = false;
    yield* eachStep(
      [{ tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } }],
      { batch: BATCH, maxBatches: 15, failure: "the balls never collided and separated" },
      ([hit]) => {
        if (hit.result!.collision_detected as boolean) touched = true;
        else if (touched) return true;
      },
    );
    // separated: later steps in that batch only coast, so the velocities are final
    const [a, b] = yield [
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
      { tool: "get_velocity", parameters: { object_id: "object_2" } },
    ];
    return round((m1 * (v1 - velocity(a)[0])) / velocity(b)[0]);
  },
  closedForm: { value: 2.5, tolerance: 0.02, formula: "m₂ = m₁(v₁ − v₁′)/v₂′ (momentum conservation), the hidden ball's mass" },
};
