import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Pendulum + energy conservation: the speed at the bottom is √(2·g·L).
// A release from the horizontal reaches the bottom after K(1/√2)·√(L/g) ≈ 0.592 s.
export const reference: ReferenceProcedure = {
  summary: "step the quarter period 1.8541·√(L/g), read the bob's velocity, report its magnitude",
  *run() {
    const [, v] = yield [
      { tool: "step", parameters: { duration: 1.8541 * Math.sqrt(1 / 9.81) } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    return r3(Math.hypot(...(v.result!.velocity as number[])));
  },
  closedForm: { value: Math.sqrt(2 * 9.81 * 1), tolerance: 0.02, formula: "v = √(2·g·L) = √(2 × 9.81 × 1)" },
};
