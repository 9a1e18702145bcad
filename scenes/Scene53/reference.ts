import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Inclined plane + rotational dynamics: a rolling sphere accelerates at (5/7)·g·sin θ.
export const reference: ReferenceProcedure = {
  summary: "step 1.0 s, read the ball's velocity, report its magnitude",
  *run() {
    const [, v] = yield [
      { tool: "step", parameters: { duration: 1.0 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    return r3(Math.hypot(...(v.result!.velocity as number[])));
  },
  closedForm: { value: (5 / 7) * 9.81 * Math.sin((25 * Math.PI) / 180) * 1.0, tolerance: 0.03, formula: "v = (5/7)·g·sin θ·t = (5/7) × 9.81 × sin 25° × 1.0" },
};
