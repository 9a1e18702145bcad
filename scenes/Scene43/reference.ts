// Create the ball on the pad, launch it at (1.5, 0, 5.2) m/s and sample its height every
// timestep (in 0.2 s batches) until it is falling; the answer is the greatest height reached
// above the launch point.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { perStep, position, round, stepsWith, velocity } from "../procedures.ts";

export const reference: ReferenceProcedure = {
  summary: "create the ball at (0, 0, 0.45), set v = (1.5, 0, 5.2), step one timestep at a time reading z until v_z < 0 for a while; report max z − 0.45",
  *run() {
    yield [
      { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 0.45], radius: 0.05, density: 1000 } },
      { tool: "set_velocity", parameters: { object_id: "ball", velocity_vector: [1.5, 0, 5.2] } },
    ];
    let zmax = -Infinity;
    for (;;) {
      const rs = yield stepsWith(40, [
        { tool: "get_position", parameters: { object_id: "ball" } },
        { tool: "get_velocity", parameters: { object_id: "ball" } },
      ]);
      let falling = false;
      for (const [p, v] of perStep(rs, 2)) {
        zmax = Math.max(zmax, position(p)[2]);
        falling = velocity(v)[2] < 0;
      }
      if (falling) return round(zmax - 0.45);
      if (rs[rs.length - 1].sim_time > 5) throw new Error("the ball never came down");
    }
  },
  closedForm: { value: (5.2 * 5.2) / (2 * 9.81), tolerance: 0.02, formula: "h = v_z²/(2g) = 5.2² / (2 × 9.81)" },
};
