import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Object creation + density→mass + free fall + momentum.
export const reference: ReferenceProcedure = {
  summary: "create the probe (r 0.1 m, 3000 kg/m³) at (0, 0, 4), read its mass, step 0.7 s, report |get_momentum|",
  *run() {
    const [, p] = yield [
      { tool: "create_objects", parameters: { name: "probe", pos: [0, 0, 4], density: 3000, radius: 0.1 } },
      { tool: "get_parameters", parameters: { object_id: "probe" } },
    ];
    const m = p.result!.mass as number;
    const [, mo] = yield [
      { tool: "step", parameters: { duration: 0.7 } },
      { tool: "get_momentum", parameters: { object_id: "probe", mass: m } },
    ];
    const q = mo.result!.momentum as { x: number; y: number; z: number };
    return r3(Math.hypot(q.x, q.y, q.z));
  },
  closedForm: { value: 3000 * (4 / 3) * Math.PI * 0.1 ** 3 * 9.81 * 0.7, tolerance: 0.02, formula: "p = ρ·(4/3)π·r³·g·t = 3000 × (4/3)π × 0.1³ × 9.81 × 0.7" },
};
