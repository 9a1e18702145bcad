// Launch block 1, weld block 2 to it, coast 1 s, and report the common speed and the
// kinetic energy lost in the join.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { masses } from "../procedures.ts";

export const variation = defineVariation({
  parameters: {
    m1: { base: 1.2, min: 0.5, max: 3, step: 0.1, unit: "kg" },
    m2: { base: 0.8, min: 0.3, max: 3, step: 0.1, unit: "kg" },
    v1: { base: 2.6, min: 1, max: 5, step: 0.1, unit: "m/s" },
  },
  world: ({ m1, m2 }) => [
    { tag: "geom", name: "cart", attr: "mass", value: m1 },
    { tag: "geom", name: "load", attr: "mass", value: m2 },
  ],
  text: ({ v1 }) => [
    ["velocity of 2.6 m/s along +x", `velocity of ${fmt(v1)} m/s along +x`],
    ["velocity to [2.6, 0, 0]", `velocity to [${fmt(v1)}, 0, 0]`],
  ],
  procedure: ({ m1: M1, m2: M2, v1: V1 }) => {
    const v = (M1 * V1) / (M1 + M2);
    return {
      summary: `read masses, v₁ = [${fmt(V1)},0,0], KE before, attach, step 1 s, report [common speed, KE lost]`,
      *run() {
        const [m1, m2] = yield* masses("object_1", "object_2");
        const [, ke0] = yield [
          { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [V1, 0, 0] } },
          { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m1 } },
        ];
        const [, , va, vb, k1, k2] = yield [
          { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "object_2" } },
          { tool: "step", parameters: { duration: 1 } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
          { tool: "get_velocity", parameters: { object_id: "object_2" } },
          { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m1 } },
          { tool: "get_kinetic_energy", parameters: { object_id: "object_2", mass: m2 } },
        ];
        const speed =
          (Math.hypot(...(va.result!.velocity as number[])) + Math.hypot(...(vb.result!.velocity as number[]))) / 2;
        const lost = (ke0.result!.kinetic_energy as number) - (k1.result!.kinetic_energy as number) -
          (k2.result!.kinetic_energy as number);
        return [Math.round(speed * 1000) / 1000, Math.round(lost * 1000) / 1000];
      },
      closedForm: {
        value: [v, 0.5 * M1 * V1 * V1 - 0.5 * (M1 + M2) * v * v],
        tolerance: 0.03,
        formula: `[m₁v₁/(m₁+m₂), ½m₁v₁² − ½(m₁+m₂)v²] with m₁ = ${fmt(M1)}, m₂ = ${fmt(M2)}, v₁ = ${fmt(V1)}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
