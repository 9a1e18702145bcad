import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { launch, masses, round } from "../procedures.ts";

const G = 9.81;

// Projectile motion + kinetic energy: at the apex only the horizontal velocity remains.
export const variation = defineVariation({
  parameters: {
    m: { base: 0.6, min: 0.2, max: 2, step: 0.1, unit: "kg" },
    h: { base: 1, min: 0.5, max: 3, step: 0.5, unit: "m" },
    vx: { base: 4, min: 1, max: 8, step: 0.5, unit: "m/s" },
    vz: { base: 6, min: 3, max: 10, step: 0.5, unit: "m/s" },
  },
  // the ball stays over the 20 m floor
  constraint: (
    { vx, vz },
  ) => (vx * (vz / G) > 9 ? `the ball would fly ${fmt(vx * (vz / G))} m before its apex, past the floor's edge` : null),
  world: ({ m, h }) => [
    { tag: "geom", name: "ball", attr: "mass", value: m },
    { tag: "body", name: "object_1", attr: "pos", index: 2, value: h },
  ],
  text: ({ h, vx, vz }) => [
    ["at rest 1 m above", `at rest ${fmt(h)} m above`],
    ["velocity (4, 0, 6) m/s", `velocity (${fmt(vx)}, 0, ${fmt(vz)}) m/s`],
    [
      "velocity to [4, 0, 6], steps about 0.61 s (6/9.81)",
      `velocity to [${fmt(vx)}, 0, ${fmt(vz)}], steps about ${(vz / G).toFixed(2)} s (${fmt(vz)}/9.81)`,
    ],
  ],
  procedure: ({ m: mBall, vx, vz }) => ({
    summary: `read the mass, set v = [${fmt(vx)}, 0, ${fmt(vz)}], step ${fmt(vz)}/9.81 s, report get_kinetic_energy`,
    *run() {
      const [m] = yield* masses("object_1");
      const [ke] = yield* launch("object_1", [vx, 0, vz], vz / G, [{
        tool: "get_kinetic_energy",
        parameters: { object_id: "object_1", mass: m },
      }]);
      return round(ke.result!.kinetic_energy as number);
    },
    closedForm: {
      value: 0.5 * mBall * vx ** 2,
      tolerance: 0.02,
      formula: `KE_apex = ½·m·v_x² = ½ × ${fmt(mBall)} × ${fmt(vx)}²`,
    },
  }),
});

export const reference = baseProcedure(variation);
