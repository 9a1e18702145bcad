// Create the ball on the pad, launch it at (1.5, 0, 5.2) m/s and sample its height every
// timestep (in 0.2 s batches) until it is falling; the answer is the greatest height reached
// above the launch point.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "create the ball at (0, 0, 0.45), set v = (1.5, 0, 5.2), step one timestep at a time reading z until v_z < 0 for a while; report max z − 0.45",
  *run() {
    yield [
      { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 0.45], radius: 0.05, density: 1000 } },
      { tool: "set_velocity", parameters: { object_id: "ball", velocity_vector: [1.5, 0, 5.2] } },
    ];
    let zmax = -Infinity;
    for (;;) {
      const batch = [];
      for (let i = 0; i < 40; i++) {
        batch.push({ tool: "step", parameters: { duration: 0.005 } });
        batch.push({ tool: "get_position", parameters: { object_id: "ball" } });
        batch.push({ tool: "get_velocity", parameters: { object_id: "ball" } });
      }
      const rs = yield batch;
      let falling = false;
      for (let i = 1; i < rs.length; i += 3) {
        zmax = Math.max(zmax, (rs[i].result!.position as number[])[2]);
        falling = (rs[i + 1].result!.velocity as number[])[2] < 0;
      }
      if (falling) return Math.round((zmax - 0.45) * 1000) / 1000;
      if (rs[rs.length - 1].sim_time > 5) throw new Error("the ball never came down");
    }
  },
  closedForm: { value: (5.2 * 5.2) / (2 * 9.81), tolerance: 0.02, formula: "h = v_z²/(2g) = 5.2² / (2 × 9.81)" },
};
