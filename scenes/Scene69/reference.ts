import { baseProcedure, defineVariation, fmt, fmt1 } from "../../engine/physment/variation/declare.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const massOf = (r: number, rho: number) => rho * (4 / 3) * Math.PI * r ** 3;

// Object creation (density → mass) + Newton's second law against gravity + kinematics.
export const variation = defineVariation({
  parameters: {
    // the mass and the force vary together within ranges narrow enough that most pushes lift clearly
    r: { base: 0.1, min: 0.09, max: 0.11, step: 0.01, unit: "m" },
    rho: { base: 500, min: 400, max: 600, step: 50, unit: "kg/m³" },
    F: { base: 40, min: 30, max: 50, step: 5, unit: "N" },
    t: { base: 1, min: 0.5, max: 1.5, step: 0.1, unit: "s" },
  },
  // a push that lifts clearly, without an acceleration beyond about 2 g
  constraint: ({ r, rho, F }) => {
    const a = F / massOf(r, rho) - 9.81;
    return a < 2 || a > 20 ? `the lift's acceleration ${fmt(a)} m/s² lies outside [2, 20] m/s²` : null;
  },
  world: () => [],
  text: ({ r, rho, F, t }) => [
    ["radius 0.1 m and density 500 kg/m³", `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³`],
    ["force of 40 N for 1.0 s", `force of ${fmt(F)} N for ${fmt1(t)} s`],
    ["force [0, 0, 40] N for 1.0 s", `force [0, 0, ${fmt(F)}] N for ${fmt1(t)} s`],
    ["force of [0, 0, 40] with a duration of 1.0 s", `force of [0, 0, ${fmt(F)}] with a duration of ${fmt1(t)} s`],
  ],
  procedure: ({ r, rho, F, t }) => ({
    summary: `create the lifter (r ${fmt(r)} m, ${fmt(rho)} kg/m³) at (0, 0, 1), apply [0, 0, ${fmt(F)}] N for ${
      fmt1(t)
    } s, report get_displacement`,
    *run() {
      const [, , d] = yield [
        { tool: "create_objects", parameters: { name: "lifter", pos: [0, 0, 1], density: rho, radius: r } },
        { tool: "apply_force", parameters: { object_id: "lifter", force_vector: [0, 0, F], duration: t } },
        { tool: "get_displacement", parameters: { object_id: "lifter" } },
      ];
      return r3(d.result!.displacement as number);
    },
    closedForm: {
      value: 0.5 * (F / massOf(r, rho) - 9.81) * t ** 2,
      tolerance: 0.02,
      formula: `Δz = ½·(F/m − g)·t², m = ${fmt(rho)}·(4/3)π·${fmt(r)}³`,
    },
  }),
});

export const reference = baseProcedure(variation);
