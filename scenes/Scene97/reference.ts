// Reveal the hidden block, kick it, follow it in 5 ms steps until its velocity has changed
// sign three times; the first and third sign changes are one period apart.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 40;

export const variation = defineVariation({
  parameters: {
    m: { base: 0.5, min: 0.2, max: 2, step: 0.1, unit: "kg" },
    k: { base: 40, min: 10, max: 120, step: 5, unit: "N/m" },
    v0: { base: 0.3, min: 0.1, max: 1, step: 0.05, unit: "m/s" },
  },
  // a period the 5 ms samples resolve, and one full oscillation within the 2.4 s followed
  constraint: ({ m, k }) => {
    const T = 2 * Math.PI * Math.sqrt(m / k);
    return T < 0.3 || T > 2 ? `the period ${fmt(T)} s lies outside [0.3, 2] s` : null;
  },
  world: ({ m, k }) => [
    { tag: "geom", name: "block", attr: "mass", value: m },
    { tag: "joint", name: "object_2_joint", attr: "stiffness", value: k },
  ],
  text: ({ v0 }) => [
    ["velocity of 0.3 m/s along +x", `velocity of ${fmt(v0)} m/s along +x`],
    ["velocity to [0.3, 0, 0]", `velocity to [${fmt(v0)}, 0, 0]`],
  ],
  procedure: ({ m, k, v0 }) => ({
    summary: `find_objects, v = [${
      fmt(v0)
    },0,0], step 5 ms at a time reading x and vₓ until vₓ has changed sign 3 times; T = t₃ − t₁ (interpolated), A = max |x − x₀|`,
    *run() {
      yield [{ tool: "find_objects", parameters: {} }];
      const [p0, set] = yield [
        { tool: "get_position", parameters: { object_id: "object_2" } },
        { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [v0, 0, 0] } },
      ];
      const x0 = position(p0)[0];
      let prevV = velocity(set)[0];
      let prevT = time(p0);
      let amp = 0;
      const turns: number[] = [];
      return yield* eachStep(
        [{ tool: "get_position", parameters: { object_id: "object_2" } }, {
          tool: "get_velocity",
          parameters: { object_id: "object_2" },
        }],
        { batch: BATCH, maxBatches: 12, failure: "fewer than three turning points" },
        ([p, vr]) => {
          const x = position(p)[0];
          const t = time(p);
          const v = velocity(vr)[0];
          amp = Math.max(amp, Math.abs(x - x0));
          if (Math.sign(v) !== Math.sign(prevV) && v !== 0) turns.push(lerp(prevT, t, crossFraction(0, prevV, v)));
          prevV = v;
          prevT = t;
          if (turns.length === 3) return [round(turns[2] - turns[0]), round(amp, 4)];
        },
      );
    },
    closedForm: {
      value: [2 * Math.PI * Math.sqrt(m / k), v0 * Math.sqrt(m / k)],
      tolerance: 0.02,
      formula: `[2π√(m/k), v₀√(m/k)] with m = ${fmt(m)}, k = ${fmt(k)}, v₀ = ${fmt(v0)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
