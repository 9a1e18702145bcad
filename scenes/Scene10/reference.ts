// Pull the glider 0.1 m along +x, release it, read its speed 0.1 s later.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "move the glider to x = 0.1 m, step 0.1 s, report its speed",
  *run() {
    const [, , v] = yield [
      { tool: "move_object", parameters: { object_id: "object_1", x: 0.1, y: 0, z: 0.06 } },
      { tool: "step", parameters: { duration: 0.1 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    const [vx, vy, vz] = v.result!.velocity as number[];
    return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
  },
  closedForm: {
    value: 0.1 * Math.sqrt(50 / 0.5) * Math.sin(Math.sqrt(50 / 0.5) * 0.1),
    tolerance: 0.03,
    formula: "|v| = A·ω·sin(ω·t), ω = √(k/m) = √(50/0.5) = 10 rad/s, A = 0.1 m, t = 0.1 s",
  },
};
