import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

// Inclined plane + static friction threshold + force balance (Newton's first/second law).
const TH = (20 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "apply the 10 N down-slope push persistently, step 1.0 s, read the displacement: code 2 if it moved more than 1 cm, else 1",
  *run() {
    const [, , d] = yield [
      { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [9.397, 0, -3.420] } },
      { tool: "step", parameters: { duration: 1.0 } },
      { tool: "get_displacement", parameters: { object_id: "object_1" } },
    ];
    return (d.result!.displacement as number) > 0.01 ? 2 : 1;
  },
  closedForm: { value: 5 * 9.81 * Math.sin(TH) + 10 > 0.5 * 5 * 9.81 * Math.cos(TH) ? 2 : 1, tolerance: 0, formula: "code 2 when m·g·sin θ + F = 26.8 N exceeds μ·m·g·cos θ = 23.0 N" },
};
