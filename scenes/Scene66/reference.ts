import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { createWithMass, round } from "../procedures.ts";

// Object creation + density→mass + free fall + momentum.
export const reference: ReferenceProcedure = {
  summary: "create the probe (r 0.1 m, 3000 kg/m³) at (0, 0, 4), read its mass, step 0.7 s, report |get_momentum|",
  *run() {
    const m = yield* createWithMass({ name: "probe", pos: [0, 0, 4], density: 3000, radius: 0.1 });
    const [, mo] = yield [
      { tool: "step", parameters: { duration: 0.7 } },
      { tool: "get_momentum", parameters: { object_id: "probe", mass: m } },
    ];
    const q = mo.result!.momentum as { x: number; y: number; z: number };
    return round(Math.hypot(q.x, q.y, q.z));
  },
  closedForm: { value: 3000 * (4 / 3) * Math.PI * 0.1 ** 3 * 9.81 * 0.7, tolerance: 0.02, formula: "p = ρ·(4/3)π·r³·g·t = 3000 × (4/3)π × 0.1³ × 9.81 × 0.7" },
};
