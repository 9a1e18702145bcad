// Reveal the hidden hanging ball, pull it 5 cm down, release, read its speed 0.06 s later.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const w = Math.sqrt(800 / 2);

export const reference: ReferenceProcedure = {
  summary: "find_objects, move the hidden ball 0.05 m down, step 0.06 s, report its speed",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [, , v] = yield [
      { tool: "change_position", parameters: { object_id: "object_2", dx: 0, dy: 0, dz: -0.05 } },
      { tool: "step", parameters: { duration: 0.06 } },
      { tool: "get_velocity", parameters: { object_id: "object_2" } },
    ];
    const [vx, vy, vz] = v.result!.velocity as number[];
    return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
  },
  closedForm: {
    value: 0.05 * w * Math.sin(w * 0.06),
    tolerance: 0.03,
    formula: "|v| = A·ω·sin(ω·t), ω = √(k/m) = √(800/2) = 20 rad/s, A = 0.05 m, t = 0.06 s",
  },
};
