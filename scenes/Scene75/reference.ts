import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Hidden object + simple harmonic motion + energy conservation: A = v₀·√(m/k).
export const reference: ReferenceProcedure = {
  summary: "find_objects, read mass and spring constant, set v = [1.5, 0, 0], step a quarter period, report get_displacement",
  *run() {
    const [, p] = yield [
      { tool: "find_objects", parameters: {} },
      { tool: "get_parameters", parameters: { object_id: "object_2" } },
    ];
    const m = p.result!.mass as number;
    const k = p.result!.spring_constant as number;
    const [, , d] = yield [
      { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [1.5, 0, 0] } },
      { tool: "step", parameters: { duration: (Math.PI / 2) * Math.sqrt(m / k) } },
      { tool: "get_displacement", parameters: { object_id: "object_2" } },
    ];
    return r3(d.result!.displacement as number);
  },
  closedForm: { value: 1.5 * Math.sqrt(2 / 50), tolerance: 0.02, formula: "A = v₀·√(m/k) = 1.5 × √(2/50)" },
};
