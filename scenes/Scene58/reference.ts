import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Oscillation + gravity + energy conservation: the lowest point 2·m·g/k below the release point.
// The weight's mass and the spring's stiffness, neither stated in the task, vary.
export const variation = defineVariation({
  parameters: {
    m: { base: 0.5, min: 0.2, max: 3, step: 0.1, unit: "kg" },
    k: { base: 40, min: 20, max: 200, step: 5, unit: "N/m" },
  },
  // the weight stays above the floor (it starts 1.5 m up)
  constraint: ({ m, k }) => ((2 * m * 9.81) / k > 1.3 ? `the weight would drop ${fmt((2 * m * 9.81) / k)} m` : null),
  world: ({ m, k }) => [
    { tag: "geom", name: "weight", attr: "mass", value: m },
    { tag: "joint", name: "object_1_joint", attr: "stiffness", value: k },
  ],
  text: () => [],
  procedure: ({ m: M, k: K }) => ({
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
    closedForm: { value: (2 * M * 9.81) / K, tolerance: 0.02, formula: `d = 2·m·g/k = 2 × ${fmt(M)} × 9.81/${fmt(K)}` },
  }),
});

export const reference = baseProcedure(variation);
