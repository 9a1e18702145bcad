// Bisect the pull on the slab: each trial resets both bodies at rest, pulls for 1 s and
// checks whether the block slipped (velocities differ).
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { bisect, mass, round, velocity } from "../procedures.ts";

const MU = 0.4;

export const reference: ReferenceProcedure = {
  summary: "bisect F on [0, 30] N over 10 trials (reset both at rest, pull the slab 1 s, slipped if vₓ(slab) − vₓ(block) > 0.03 m/s); report [F, F/(m₁+m₂)]",
  *run() {
    const [a, b, pa, pb] = yield [
      { tool: "get_parameters", parameters: { object_id: "object_1" } },
      { tool: "get_parameters", parameters: { object_id: "object_2" } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "get_position", parameters: { object_id: "object_2" } },
    ];
    const mTotal = mass(a) + mass(b);
    const s1 = pa.result!.position as number[];
    const s2 = pb.result!.position as number[];
    const [lo, hi] = yield* bisect(0, 30, 10, (f) => [
      { tool: "move_object", parameters: { object_id: "object_1", x: s1[0], y: s1[1], z: s1[2] } },
      { tool: "move_object", parameters: { object_id: "object_2", x: s2[0], y: s2[1], z: s2[2] } },
      { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [0, 0, 0] } },
      { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [0, 0, 0] } },
      { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [f, 0, 0], duration: 1 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
      { tool: "get_velocity", parameters: { object_id: "object_2" } },
    ], (res) => velocity(res[5])[0] - velocity(res[6])[0] > 0.03);
    const f = round((lo + hi) / 2, 2);
    return [f, round(f / mTotal)];
  },
  closedForm: { value: [MU * 9.81 * 3, MU * 9.81], tolerance: 0.02, formula: "[μg(m₁ + m₂), μg] with μ = 0.4, m₁ = 2, m₂ = 1" },
};
