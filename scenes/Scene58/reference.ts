import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Oscillation + gravity + energy conservation: the lowest point 2·m·g/k below the release point.
export const reference: ReferenceProcedure = {
  summary: "read mass and spring constant, step half a period π·√(m/k), report get_displacement",
  *run() {
    const [p] = yield [{ tool: "get_parameters", parameters: { object_id: "object_1" } }];
    const m = p.result!.mass as number;
    const k = p.result!.spring_constant as number;
    const [, d] = yield [
      { tool: "step", parameters: { duration: Math.PI * Math.sqrt(m / k) } },
      { tool: "get_displacement", parameters: { object_id: "object_1" } },
    ];
    return r3(d.result!.displacement as number);
  },
  closedForm: { value: (2 * 0.5 * 9.81) / 40, tolerance: 0.02, formula: "d = 2·m·g/k = 2 × 0.5 × 9.81/40" },
};
