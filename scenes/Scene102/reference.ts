// Settle, delete the stopper, let the block slide 0.6 s, report its speed and the distance slid.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const A = 9.81 * Math.sin((25 * Math.PI) / 180);

export const reference: ReferenceProcedure = {
  summary: "step 0.2 s, read x, delete the stopper, step 0.6 s, report [speed, |Δx|]",
  *run() {
    const [, p0] = yield [
      { tool: "step", parameters: { duration: 0.2 } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
    ];
    const [, , v, p1] = yield [
      { tool: "delete_objects", parameters: { object_id: "object_3" } },
      { tool: "step", parameters: { duration: 0.6 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
    ];
    const a = p0.result!.position as number[];
    const b = p1.result!.position as number[];
    const speed = Math.hypot(...(v.result!.velocity as number[]));
    const dist = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    return [Math.round(speed * 1000) / 1000, Math.round(dist * 1000) / 1000];
  },
  closedForm: { value: [A * 0.6, 0.5 * A * 0.36], tolerance: 0.02, formula: "[g sin θ·t, ½ g sin θ·t²] with θ = 25°, t = 0.6" },
};
