import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Oscillation + energy conservation: the peak speed A·√(k/m), a quarter period after release.
export const reference: ReferenceProcedure = {
  summary: "read mass and spring constant, step a quarter period (π/2)·√(m/k), report the cart's speed",
  *run() {
    const [p] = yield [{ tool: "get_parameters", parameters: { object_id: "object_1" } }];
    const m = p.result!.mass as number;
    const k = p.result!.spring_constant as number;
    const [, v] = yield [
      { tool: "step", parameters: { duration: (Math.PI / 2) * Math.sqrt(m / k) } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    return r3(Math.hypot(...(v.result!.velocity as number[])));
  },
  closedForm: { value: 0.2 * Math.sqrt(100 / 1), tolerance: 0.02, formula: "v_max = A·√(k/m) = 0.2 × √(100/1)" },
};
