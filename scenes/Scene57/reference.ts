import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { launch, masses } from "../procedures.ts";

const G = 9.81;
const energies = (
  m1: number,
  m2: number,
  v: number,
  t: number,
) => [0.5 * m1 * (G * t) ** 2, 0.5 * m2 * (v + G * t) ** 2];

// Kinematics (v = v₀ + g·t) + kinetic energy, compared between a dropped ball and a thrown one.
export const variation = defineVariation({
  parameters: {
    m1: { base: 3, min: 1, max: 6, step: 0.5, unit: "kg" },
    m2: { base: 1, min: 0.5, max: 4, step: 0.5, unit: "kg" },
    v: { base: 4, min: 1, max: 8, step: 0.5, unit: "m/s" },
    t: { base: 0.5, min: 0.2, max: 0.9, step: 0.1, unit: "s" },
  },
  // both still in the air, and energies 5 % apart at least (a near-tie is no question)
  constraint: ({ m1, m2, v, t }) => {
    if (v * t + 0.5 * G * t * t > 9.5) return `ball 2 would land before ${fmt(t)} s`;
    const [e1, e2] = energies(m1, m2, v, t);
    return Math.abs(e1 - e2) < 0.05 * Math.max(e1, e2)
      ? `the energies ${fmt(e1)} J and ${fmt(e2)} J are too close to call`
      : null;
  },
  world: ({ m1, m2 }) => [
    { tag: "geom", name: "heavy_ball", attr: "mass", value: m1 },
    { tag: "geom", name: "light_ball", attr: "mass", value: m2 },
  ],
  text: ({ m1, m2, v, t }) => [
    ["(object_1, 3 kg)", `(object_1, ${fmt(m1)} kg)`],
    ["(object_2, 1 kg)", `(object_2, ${fmt(m2)} kg)`],
    ["speed of 4 m/s", `speed of ${fmt(v)} m/s`],
    ["energy 0.5 s later", `energy ${fmt(t)} s later`],
    ["fall 0.5 s", `fall ${fmt(t)} s`],
    ["[0, 0, −4], steps 0.5 s", `[0, 0, −${fmt(v)}], steps ${fmt(t)} s`],
  ],
  procedure: ({ m1: M1, m2: M2, v, t }) => {
    const [e1, e2] = energies(M1, M2, v, t);
    return {
      summary: `read both masses, set ball 2's velocity to [0, 0, −${fmt(v)}], step ${
        fmt(t)
      } s, compare get_kinetic_energy of the two`,
      *run() {
        const [m1, m2] = yield* masses("object_1", "object_2");
        const [k1, k2] = yield* launch("object_2", [0, 0, -v], t, [
          { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m1 } },
          { tool: "get_kinetic_energy", parameters: { object_id: "object_2", mass: m2 } },
        ]);
        return (k1.result!.kinetic_energy as number) > (k2.result!.kinetic_energy as number) ? 1 : 2;
      },
      closedForm: {
        value: e1 > e2 ? 1 : 2,
        tolerance: 0,
        formula: `the larger of ½·${fmt(M1)}·(g·t)² ≈ ${e1.toFixed(1)} J and ½·${fmt(M2)}·(${fmt(v)} + g·t)² ≈ ${
          e2.toFixed(1)
        } J (object id)`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
