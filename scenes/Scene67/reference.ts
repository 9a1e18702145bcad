import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Object creation + projectile motion + kinetic energy.
export const reference: ReferenceProcedure = {
  summary: "create the pebble (r 0.1 m, 1500 kg/m³) at (0, 0, 2.1), read its mass, set v = [2, 0, 0], step 0.6 s, report get_kinetic_energy",
  *run() {
    const [, p] = yield [
      { tool: "create_objects", parameters: { name: "pebble", pos: [0, 0, 2.1], density: 1500, radius: 0.1 } },
      { tool: "get_parameters", parameters: { object_id: "pebble" } },
    ];
    const m = p.result!.mass as number;
    const [, , ke] = yield [
      { tool: "set_velocity", parameters: { object_id: "pebble", velocity_vector: [2, 0, 0] } },
      { tool: "step", parameters: { duration: 0.6 } },
      { tool: "get_kinetic_energy", parameters: { object_id: "pebble", mass: m } },
    ];
    return r3(ke.result!.kinetic_energy as number);
  },
  closedForm: { value: 0.5 * 1500 * (4 / 3) * Math.PI * 0.1 ** 3 * (2 ** 2 + (9.81 * 0.6) ** 2), tolerance: 0.02, formula: "KE = ½·ρ·(4/3)π·r³·(v₀² + (g·t)²) = ½ × 1500 × (4/3)π × 0.1³ × (2² + (9.81 × 0.6)²)" },
};
