import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { createWithMass, launch, round } from "../procedures.ts";

// Object creation + projectile motion + kinetic energy.
export const reference: ReferenceProcedure = {
  summary: "create the pebble (r 0.1 m, 1500 kg/m³) at (0, 0, 2.1), read its mass, set v = [2, 0, 0], step 0.6 s, report get_kinetic_energy",
  *run() {
    const m = yield* createWithMass({ name: "pebble", pos: [0, 0, 2.1], density: 1500, radius: 0.1 });
    const [ke] = yield* launch("pebble", [2, 0, 0], 0.6, [{ tool: "get_kinetic_energy", parameters: { object_id: "pebble", mass: m } }]);
    return round(ke.result!.kinetic_energy as number);
  },
  closedForm: { value: 0.5 * 1500 * (4 / 3) * Math.PI * 0.1 ** 3 * (2 ** 2 + (9.81 * 0.6) ** 2), tolerance: 0.02, formula: "KE = ½·ρ·(4/3)π·r³·(v₀² + (g·t)²) = ½ × 1500 × (4/3)π × 0.1³ × (2² + (9.81 × 0.6)²)" },
};
