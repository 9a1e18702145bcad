import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { createWithMass, round } from "../procedures.ts";

const TH = (20 * Math.PI) / 180;

// Object creation + rolling (rotational dynamics) + energy: translational plus rotational kinetic energy.
export const variation = defineVariation({
  parameters: {
    rho: { base: 2000, min: 500, max: 5000, step: 250, unit: "kg/m³" },
    t: { base: 1.2, min: 0.5, max: 2.5, step: 0.1, unit: "s" },
  },
  world: () => [],
  text: ({ rho, t }) => [
    ["density 2000 kg/m³", `density ${fmt(rho)} kg/m³`],
    ["energy (translational plus rotational) 1.2 s after", `energy (translational plus rotational) ${fmt(t)} s after`],
    ["roll 1.2 s", `roll ${fmt(t)} s`],
    ["steps 1.2 s", `steps ${fmt(t)} s`],
  ],
  procedure: ({ rho, t }) => {
    const M = rho * (4 / 3) * Math.PI * 0.1 ** 3;
    const V = (5 / 7) * 9.81 * Math.sin(TH) * t;
    return {
      summary: `create the roller on the ramp, read its mass, step ${
        fmt(t)
      } s, report get_kinetic_energy + get_rotational_energy`,
      *run() {
        const m = yield* createWithMass({ name: "roller", pos: [-2.9658, 0, 1.1859], density: rho, radius: 0.1 });
        const [, ke, re] = yield [
          { tool: "step", parameters: { duration: t } },
          { tool: "get_kinetic_energy", parameters: { object_id: "roller", mass: m } },
          { tool: "get_rotational_energy", parameters: { object_id: "roller" } },
        ];
        return round((ke.result!.kinetic_energy as number) + (re.result!.rotational_energy as number));
      },
      closedForm: {
        value: 0.7 * M * V ** 2,
        tolerance: 0.03,
        formula: `KE = ½·m·v² + ⅕·m·v² = 0.7·m·((5/7)·g·sin 20°·t)², m = ${fmt(rho)}·(4/3)π·0.1³, t = ${fmt(t)}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
