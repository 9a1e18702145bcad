// Create the ball, weld it to the platform, step until the platform turns upward; report the
// sag and the time of the lowest point.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { position, round, time, verticalTurn } from "../procedures.ts";

const BATCH = 40;
/** The ball's centre, just above the platform's top face (1.52 m) at radius r. */
const zBall = (r: number) => Number((1.52 + r + 0.005).toFixed(6));

export const variation = defineVariation({
  parameters: {
    K: { base: 100, min: 50, max: 300, step: 10, unit: "N/m" },
    MP: { base: 0.5, min: 0.3, max: 1.5, step: 0.1, unit: "kg" },
    r: { base: 0.08, min: 0.05, max: 0.1, step: 0.01, unit: "m" },
    rho: { base: 1500, min: 1000, max: 3000, step: 100, unit: "kg/m³" },
  },
  // the platform stays clear of the floor and turns within the 2 s followed
  constraint: ({ K, MP, r, rho }) => {
    const m = rho * (4 / 3) * Math.PI * r ** 3;
    if ((2 * m * 9.81) / K > 1.2) return `the platform would sink ${fmt((2 * m * 9.81) / K)} m, to the floor`;
    const t = Math.PI * Math.sqrt((MP + m) / K);
    return t > 1.8 ? `the lowest point comes only after ${fmt(t)} s` : null;
  },
  world: ({ K, MP }) => [
    { tag: "joint", name: "object_1_joint", attr: "stiffness", value: K },
    { tag: "joint", name: "object_1_joint", attr: "springref", value: (MP * 9.81) / K },
    { tag: "geom", name: "platform", attr: "mass", value: MP },
  ],
  text: (
    { r, rho },
  ) => [[
    "radius 0.08 m and density 1500 kg/m³ at (0, 0, 1.605) m",
    `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³ at (0, 0, ${zBall(r)}) m`,
  ]],
  procedure: ({ K, MP, r, rho }) => {
    const M = rho * (4 / 3) * Math.PI * r ** 3;
    return {
      summary:
        "create the ball, attach it, step 5 ms at a time until the platform's v_z > 0; report [max drop, interpolated time of the lowest point]",
      *run() {
        const [, , p0] = yield [
          { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, zBall(r)], density: rho, radius: r } },
          { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "ball" } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
        ];
        const z0 = position(p0)[2];
        const t0 = time(p0);
        const bottom = yield* verticalTurn("object_1", -1, { z: z0, t: t0, v: 0 }, {
          batch: BATCH,
          maxBatches: 10,
          failure: "the platform never turned",
        });
        return [round(bottom.reach), round(bottom.at - t0)];
      },
      closedForm: {
        value: [(2 * M * 9.81) / K, Math.PI * Math.sqrt((MP + M) / K)],
        tolerance: 0.03,
        formula: `[2mg/k, π√((M + m)/k)] with m = ${fmt(rho)}·(4/3)π·${fmt(r)}³, M = ${fmt(MP)}, k = ${fmt(K)}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
