// Launch the cube up the ramp, step until its up-slope velocity vanishes, measure the
// distance, then watch whether it slides back.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { eachStep, position, round, velocity } from "../procedures.ts";

const BATCH = 30;
const TH = (25 * Math.PI) / 180;
const U = [Math.cos(TH), 0, Math.sin(TH)];
/** How far up the slope the cube's centre may go and stay on the ramp. */
const ROOM = 3;

const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

export const variation = defineVariation({
  parameters: {
    MU: { base: 0.2, min: 0.05, max: 0.7, step: 0.05, unit: "" },
    V0: { base: 3, min: 1.5, max: 4.5, step: 0.25, unit: "m/s" },
    m: { base: 1, min: 0.5, max: 3, step: 0.25, unit: "kg" },
  },
  // the code must be clear (μ away from tan θ, where slipping back is a close call), and the cube must stay on the ramp
  constraint: ({ MU, V0 }) => {
    if (Math.abs(MU - Math.tan(TH)) < 0.08) {
      return `μ = ${fmt(MU)} is too close to tan 25° = ${fmt(Math.tan(TH))} to tell sliding back from staying`;
    }
    const d = V0 * V0 / (2 * 9.81 * (Math.sin(TH) + MU * Math.cos(TH)));
    return d > ROOM ? `the cube would run ${fmt(d)} m, off the ramp's upper end` : null;
  },
  world: ({ MU, m }) => [
    { tag: "geom", within: "default", attr: "friction", index: 0, value: MU },
    { tag: "geom", name: "cube", attr: "mass", value: m },
  ],
  text: ({ MU, V0 }) => [
    ["between them is 0.2", `between them is ${fmt(MU)}`],
    ["velocity of 3 m/s straight up", `velocity of ${fmt(V0)} m/s straight up`],
    ["velocity to 3·(cos 25°, 0, sin 25°)", `velocity to ${fmt(V0)}·(cos 25°, 0, sin 25°)`],
  ],
  procedure: ({ MU, V0 }) => ({
    summary: `v = ${
      fmt(V0)
    }·u, step 5 ms at a time until v·u ≤ 0, distance = max (r − r₀)·u; then step 0.5 s: code 1 if it moved back down by > 1 cm, else 2`,
    *run() {
      const [p0] = yield [
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: U.map((c) => V0 * c) } },
      ];
      const start = position(p0);
      let best = 0;
      yield* eachStep(
        [{ tool: "get_position", parameters: { object_id: "object_1" } }, {
          tool: "get_velocity",
          parameters: { object_id: "object_1" },
        }],
        { batch: BATCH, maxBatches: 10, failure: "the cube never stopped" },
        ([p, v]) => {
          const x = position(p);
          best = Math.max(best, dot([x[0] - start[0], x[1] - start[1], x[2] - start[2]], U));
          return dot(velocity(v), U) <= 0 ? true : undefined;
        },
      );
      const [, later] = yield [
        { tool: "step", parameters: { duration: 0.5 } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ];
      const q = position(later);
      const back = best - dot([q[0] - start[0], q[1] - start[1], q[2] - start[2]], U);
      return [round(best), back > 0.01 ? 1 : 2];
    },
    closedForm: {
      value: [V0 * V0 / (2 * 9.81 * (Math.sin(TH) + MU * Math.cos(TH))), Math.tan(TH) > MU ? 1 : 2],
      tolerance: 0.03,
      formula: `[v₀²/(2g(sin θ + μ cos θ)), ${
        Math.tan(TH) > MU ? "1 since tan θ > μ" : "2 since tan θ < μ"
      }] with v₀ = ${fmt(V0)}, θ = 25°, μ = ${fmt(MU)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
