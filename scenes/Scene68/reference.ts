import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { createWithMass, round } from "../procedures.ts";

// Object creation + rolling (rotational dynamics) + energy: translational plus rotational kinetic energy.
const TH = (20 * Math.PI) / 180;
const M = 2000 * (4 / 3) * Math.PI * 0.1 ** 3;
const V = (5 / 7) * 9.81 * Math.sin(TH) * 1.2;

export const reference: ReferenceProcedure = {
  summary: "create the roller on the ramp, read its mass, step 1.2 s, report get_kinetic_energy + get_rotational_energy",
  *run() {
    const m = yield* createWithMass({ name: "roller", pos: [-2.9658, 0, 1.1859], density: 2000, radius: 0.1 });
    const [, ke, re] = yield [
      { tool: "step", parameters: { duration: 1.2 } },
      { tool: "get_kinetic_energy", parameters: { object_id: "roller", mass: m } },
      { tool: "get_rotational_energy", parameters: { object_id: "roller" } },
    ];
    return round((ke.result!.kinetic_energy as number) + (re.result!.rotational_energy as number));
  },
  closedForm: { value: 0.7 * M * V ** 2, tolerance: 0.03, formula: "KE = ½·m·v² + ⅕·m·v² = 0.7·m·((5/7)·g·sin 20°·t)², m = 2000·(4/3)π·0.1³" },
};
