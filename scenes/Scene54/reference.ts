import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Oscillation + energy conservation: the peak speed A·√(k/m), a quarter period after release.
export const variation = defineVariation({
  parameters: {
    m: { base: 1, min: 0.3, max: 4, step: 0.1, unit: "kg" },
    k: { base: 100, min: 20, max: 400, step: 10, unit: "N/m" },
    A: { base: 0.2, min: 0.05, max: 0.5, step: 0.05, unit: "m" },
  },
  world: ({ m, k, A }) => [
    { tag: "joint", name: "object_1_joint", attr: "stiffness", value: k },
    { tag: "joint", name: "object_1_joint", attr: "springref", value: A },
    { tag: "geom", name: "cart", attr: "mass", value: m },
  ],
  text: ({ A }) => [["held 0.2 m from", `held ${fmt(A)} m from`]],
  procedure: ({ m: M, k: K, A }) => ({
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
    closedForm: {
      value: A * Math.sqrt(K / M),
      tolerance: 0.02,
      formula: `v_max = A·√(k/m) = ${fmt(A)} × √(${fmt(K)}/${fmt(M)})`,
    },
  }),
});

export const reference = baseProcedure(variation);
