// Create a ball resting on the 20° ramp, let it roll 1 s, read its speed.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "create a 0.1 m sphere on the ramp surface, step 1.0 s, report its speed |v|",
  *run() {
    const [, , v] = yield [
      { tool: "create_objects", parameters: { name: "ball", pos: [-1.828, 0, 0.826], radius: 0.1, density: 1000 } },
      { tool: "step", parameters: { duration: 1.0 } },
      { tool: "get_velocity", parameters: { object_id: "ball" } },
    ];
    const [vx, vy, vz] = v.result!.velocity as number[];
    return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
  },
  closedForm: {
    value: (5 / 7) * 9.81 * Math.sin((20 * Math.PI) / 180) * 1.0,
    tolerance: 0.03,
    formula: "v = (5/7)·g·sin 20°·t (solid sphere rolling without slipping), t = 1.0 s",
  },
};
