import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Hidden object + inclined plane + kinetic friction: a = g·(sin θ − μ·cos θ).
const TH = (35 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "find_objects, step 1.0 s, report the hidden block's speed",
  *run() {
    const [, , v] = yield [
      { tool: "find_objects", parameters: {} },
      { tool: "step", parameters: { duration: 1.0 } },
      { tool: "get_velocity", parameters: { object_id: "object_2" } },
    ];
    return r3(Math.hypot(...(v.result!.velocity as number[])));
  },
  closedForm: { value: 9.81 * (Math.sin(TH) - 0.3 * Math.cos(TH)) * 1.0, tolerance: 0.05, formula: "v = g·(sin θ − μ·cos θ)·t = 9.81 × (sin 35° − 0.3·cos 35°) × 1.0" },
};
