// Launch block 1, weld block 2 to it, coast 1 s, and report the common speed and the
// kinetic energy lost in the join.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { masses } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "read masses, v₁ = [2.6,0,0], KE before, attach, step 1 s, report [common speed, KE lost]",
  *run() {
    const [m1, m2] = yield* masses("object_1", "object_2");
    const [, ke0] = yield [
      { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [2.6, 0, 0] } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m1 } },
    ];
    const [, , v1, v2, k1, k2] = yield [
      { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "object_2" } },
      { tool: "step", parameters: { duration: 1 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
      { tool: "get_velocity", parameters: { object_id: "object_2" } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m1 } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_2", mass: m2 } },
    ];
    const speed = (Math.hypot(...(v1.result!.velocity as number[])) + Math.hypot(...(v2.result!.velocity as number[]))) / 2;
    const lost = (ke0.result!.kinetic_energy as number) - (k1.result!.kinetic_energy as number) - (k2.result!.kinetic_energy as number);
    return [Math.round(speed * 1000) / 1000, Math.round(lost * 1000) / 1000];
  },
  closedForm: { value: [1.56, 1.6224], tolerance: 0.03, formula: "[m₁v₁/(m₁+m₂), ½m₁v₁² − ½(m₁+m₂)v²] with m₁ = 1.2, m₂ = 0.8, v₁ = 2.6" },
};
