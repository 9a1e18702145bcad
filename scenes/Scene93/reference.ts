// Create the ball, bisect the upward force that lifts it off the floor, then apply 1.5× that
// force for 1 s from rest and measure the rise.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { bisect, position, round } from "../procedures.ts";

const MASS = 800 * (4 / 3) * Math.PI * 0.15 ** 3;

export const reference: ReferenceProcedure = {
  summary: "create the sphere on the floor; bisect F on [0, 300] N over 12 trials (reset at rest, push up 0.5 s, lifted if Δz > 3 mm); then 1.5·F for 1 s from rest, report [F, Δz]",
  *run() {
    yield [{ tool: "create_objects", parameters: { name: "object_2", pos: [0, 0, 0.15], density: 800, radius: 0.15 } }];
    const reset = [
      { tool: "move_object", parameters: { object_id: "object_2", x: 0, y: 0, z: 0.15 } },
      { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [0, 0, 0] } },
    ];
    const [lo, hi] = yield* bisect(0, 300, 12, (f) => [
      ...reset,
      { tool: "get_position", parameters: { object_id: "object_2" } },
      { tool: "apply_force", parameters: { object_id: "object_2", force_vector: [0, 0, f], duration: 0.5 } },
      { tool: "get_position", parameters: { object_id: "object_2" } },
    ], (res) => position(res[4])[2] - position(res[2])[2] > 0.003);
    const force = round((lo + hi) / 2, 2);
    const res = yield [
      ...reset,
      { tool: "get_position", parameters: { object_id: "object_2" } },
      { tool: "apply_force", parameters: { object_id: "object_2", force_vector: [0, 0, 1.5 * force], duration: 1 } },
      { tool: "get_position", parameters: { object_id: "object_2" } },
    ];
    const rise = (res[4].result!.position as number[])[2] - (res[2].result!.position as number[])[2];
    return [force, Math.round(rise * 1000) / 1000];
  },
  closedForm: { value: [MASS * 9.81, 0.5 * (9.81 / 2)], tolerance: 0.02, formula: "[mg, ½(g/2)t²] with m = 800·(4/3)π·0.15³, t = 1" },
};
