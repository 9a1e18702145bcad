// Push up for 1 s, then coast; step until v_z < 0 and report the rise and the apex time.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { position, round, time, velocity, verticalTurn } from "../procedures.ts";

const BATCH = 40;
export const variation = defineVariation({
  parameters: {
    F: { base: 8, min: 6, max: 12, step: 0.5, unit: "N" },
    m: { base: 0.5, min: 0.4, max: 0.7, step: 0.05, unit: "kg" },
  },
  // a push that clearly lifts the ball, and an apex within the 2 s followed after it
  constraint: ({ F, m }) => {
    const a = F / m - 9.81;
    if (a < 2) return `F = ${fmt(F)} N barely lifts ${fmt(m)} kg`;
    return a / 9.81 > 1.8 ? `the ball would rise for ${fmt(a / 9.81)} s after the push` : null;
  },
  world: ({ m }) => [{ tag: "geom", name: "ball", attr: "mass", value: m }],
  text: ({ F }) => [
    ["force of 8 N for exactly 1 s", `force of ${fmt(F)} N for exactly 1 s`],
    ["applies [0, 0, 8] N", `applies [0, 0, ${fmt(F)}] N`],
  ],
  procedure: ({ F, m }) => {
    const A = F / m - 9.81;
    return {
      summary: `apply [0,0,${
        fmt(F)
      }] N for 1 s, then step 5 ms at a time reading z and v_z until v_z < 0; report [max Δz, interpolated apex time]`,
      *run() {
        const [p0, , v1] = yield [
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [0, 0, F], duration: 1 } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
        ];
        const z0 = position(p0)[2];
        const t0 = time(p0);
        // the push leaves it rising, so the first turn of v_z is the apex
        const apex = yield* verticalTurn("object_1", 1, { z: z0, t: t0 + 1, v: velocity(v1)[2] }, {
          batch: BATCH,
          maxBatches: 10,
          failure: "no apex",
        });
        return [round(apex.reach), round(apex.at - t0)];
      },
      closedForm: {
        value: [0.5 * A + (A * A) / (2 * 9.81), 1 + A / 9.81],
        tolerance: 0.02,
        formula: `[½a·1² + (a·1)²/(2g), 1 + a/g] with a = F/m − g, F = ${fmt(F)}, m = ${fmt(m)}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
