// Push 1 s, coast; step until the crate stops; report the distance and the stopping time.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 60;
export const variation = defineVariation({
  parameters: {
    MU: { base: 0.25, min: 0.2, max: 0.35, step: 0.05, unit: "" },
    F: { base: 12, min: 10, max: 16, step: 1, unit: "N" },
    m: { base: 2, min: 1.5, max: 2.5, step: 0.25, unit: "kg" },
  },
  // a push that clearly beats friction, a coast within the 3 s followed, and speeds the soft contact slides at
  constraint: ({ MU, F, m }) => {
    const a1 = F / m - MU * 9.81;
    if (F < 1.5 * MU * m * 9.81) return `F = ${fmt(F)} N hardly beats the friction ${fmt(MU * m * 9.81)} N`;
    if (a1 / (MU * 9.81) > 2.8) return `the crate would coast for ${fmt(a1 / (MU * 9.81))} s`;
    return a1 > 7 ? `the crate would reach ${fmt(a1)} m/s` : null;
  },
  world: ({ MU, m }) => [
    { tag: "geom", within: "default", attr: "friction", index: 0, value: MU },
    { tag: "geom", name: "crate", attr: "mass", value: m },
  ],
  text: ({ MU, F }) => [
    ["between them is 0.25", `between them is ${fmt(MU)}`],
    ["force of 12 N along +x", `force of ${fmt(F)} N along +x`],
    ["applies [12, 0, 0] N", `applies [${fmt(F)}, 0, 0] N`],
  ],
  procedure: ({ MU, F, m }) => {
    const MUG = MU * 9.81;
    const A1 = F / m - MUG;
    const V1 = A1;
    return {
      summary: `apply [${
        fmt(F)
      },0,0] N for 1 s, then step 5 ms at a time reading vₓ and x until vₓ ≤ 0.001; report [distance, time interpolated to vₓ = 0]`,
      *run() {
        const [p0, , v1] = yield [
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [F, 0, 0], duration: 1 } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        ];
        const start = position(p0);
        const t0 = time(p0);
        let prevV = velocity(v1)[0];
        let prevT = t0 + 1;
        return yield* eachStep(
          [{ tool: "get_velocity", parameters: { object_id: "object_1" } }, {
            tool: "get_position",
            parameters: { object_id: "object_1" },
          }],
          { batch: BATCH, maxBatches: 10, failure: "the crate never stopped" },
          ([vr, p]) => {
            const v = velocity(vr)[0];
            const t = time(p);
            if (v <= 0.001) {
              const x = position(p);
              const stop = v >= prevV ? t : lerp(prevT, t, crossFraction(0, prevV, v));
              return [round(Math.hypot(x[0] - start[0], x[1] - start[1])), round(stop - t0)];
            }
            prevV = v;
            prevT = t;
          },
        );
      },
      closedForm: {
        value: [0.5 * A1 + (V1 * V1) / (2 * MUG), 1 + V1 / MUG],
        tolerance: 0.03,
        formula: `[½a₁t² + v²/(2μg), t + v/(μg)] with a₁ = F/m − μg, v = a₁t, F = ${fmt(F)}, m = ${fmt(m)}, μ = ${
          fmt(MU)
        }, t = 1`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
