// Create the load, weld it to the cart, push with a persistent force F, read a and v after t.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

export const variation = defineVariation({
  parameters: {
    M: { base: 2, min: 1, max: 5, step: 0.5, unit: "kg" },
    r: { base: 0.1, min: 0.06, max: 0.15, step: 0.01, unit: "m" },
    rho: { base: 1000, min: 500, max: 3000, step: 100, unit: "kg/m³" },
    F: { base: 10, min: 4, max: 30, step: 1, unit: "N" },
    t: { base: 1.5, min: 0.5, max: 3, step: 0.1, unit: "s" },
  },
  // the cart (unknown mass to the agent) stays on its 30 m floor
  constraint: ({ M, r, rho, F, t }) => {
    const a = F / (M + rho * (4 / 3) * Math.PI * r ** 3);
    return a * t * t / 2 > 25 ? `the cart travels ${fmt(a * t * t / 2)} m, past the floor's edge` : null;
  },
  world: ({ M }) => [{ tag: "geom", name: "cart", attr: "mass", value: M }],
  text: ({ r, rho, F, t }) => [
    ["radius 0.1 m and density 1000 kg/m³ at (0, 0, 0.31) m", `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³ at (0, 0, ${fmt(0.2 + r + 0.01)}) m`],
    ["force of 10 N along +x", `force of ${fmt(F)} N along +x`],
    ["speed in m/s 1.5 s after", `speed in m/s ${fmt(t)} s after`],
    ["applies [10, 0, 0] N", `applies [${fmt(F)}, 0, 0] N`],
    ["steps 1.5 s,", `steps ${fmt(t)} s,`],
    ["step 1.5 s,", `step ${fmt(t)} s,`],
  ],
  procedure: ({ M, r, rho, F, t }) => {
    const load = rho * (4 / 3) * Math.PI * r ** 3;
    const a = F / (M + load);
    return {
      summary: `create the load, attach it, persistent F = [${fmt(F)},0,0] on the cart, step ${fmt(t)} s; report [aₓ, |v|]`,
      *run() {
        const [, , , , acc, vel] = yield [
          { tool: "create_objects", parameters: { name: "load", pos: [0, 0, Number((0.2 + r + 0.01).toFixed(6))], density: rho, radius: r } },
          { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "load" } },
          { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [F, 0, 0] } },
          { tool: "step", parameters: { duration: t } },
          { tool: "get_acceleration", parameters: { object_id: "object_1" } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        ];
        const ax = acc.result!.x as number;
        const v = Math.hypot(...(vel.result!.velocity as number[]));
        return [Math.round(ax * 1000) / 1000, Math.round(v * 1000) / 1000];
      },
      closedForm: {
        value: [a, a * t],
        tolerance: 0.02,
        formula: `[F/(M + m), a·t] with F = ${fmt(F)}, M = ${fmt(M)}, m = ${fmt(rho)}·(4/3)π·${fmt(r)}³, t = ${fmt(t)}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
