// Create the load, weld it to the cart, push with a persistent 10 N, read a and v after 1.5 s.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const M_LOAD = 1000 * (4 / 3) * Math.PI * 0.1 ** 3;
const A = 10 / (2 + M_LOAD);

export const reference: ReferenceProcedure = {
  summary: "create the load, attach it, persistent F = [10,0,0] on the cart, step 1.5 s; report [aₓ, |v|]",
  *run() {
    const [, , , , acc, vel] = yield [
      { tool: "create_objects", parameters: { name: "load", pos: [0, 0, 0.31], density: 1000, radius: 0.1 } },
      { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "load" } },
      { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [10, 0, 0] } },
      { tool: "step", parameters: { duration: 1.5 } },
      { tool: "get_acceleration", parameters: { object_id: "object_1" } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    const a = acc.result!.x as number;
    const v = Math.hypot(...(vel.result!.velocity as number[]));
    return [Math.round(a * 1000) / 1000, Math.round(v * 1000) / 1000];
  },
  closedForm: { value: [A, A * 1.5], tolerance: 0.02, formula: "[F/(M + m), a·t] with F = 10, M = 2, m = 1000·(4/3)π·0.1³, t = 1.5" },
};
