import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { masses } from "../procedures.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Inclined plane + kinetic friction + energy bookkeeping: dissipated = PE lost − KE gained.
const TH = Math.PI / 6;
const A = 9.81 * (Math.sin(TH) - 0.2 * Math.cos(TH));

export const reference: ReferenceProcedure = {
  summary: "read the mass and PE at t = 0, step 1.0 s, report PE₀ − PE₁ − KE₁",
  *run() {
    const [m] = yield* masses("object_1");
    const [u0, , u1, k1] = yield [
      { tool: "get_potential_energy", parameters: { object_id: "object_1", mass: m } },
      { tool: "step", parameters: { duration: 1.0 } },
      { tool: "get_potential_energy", parameters: { object_id: "object_1", mass: m } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
    ];
    return r3((u0.result!.potential_energy as number) - (u1.result!.potential_energy as number) - (k1.result!.kinetic_energy as number));
  },
  closedForm: { value: 0.2 * 2 * 9.81 * Math.cos(TH) * 0.5 * A * 1.0 ** 2, tolerance: 0.05, formula: "W_f = μ·m·g·cos θ·½·g·(sin θ − μ·cos θ)·t² with θ = 30°, μ = 0.2, m = 2 kg, t = 1 s" },
};
