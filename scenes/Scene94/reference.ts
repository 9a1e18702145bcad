// Create the ball on the ramp, step 5 ms at a time until it has moved s, and interpolate
// the time and speed there.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 40;
const SIN = Math.sin(Math.PI / 6);

export const variation = defineVariation({
  parameters: {
    S: { base: 1.5, min: 0.5, max: 2.8, step: 0.1, unit: "m" },
    rho: { base: 1200, min: 500, max: 5000, step: 100, unit: "kg/m³" },
  },
  world: () => [],
  text: ({ S, rho }) => [
    ["density 1200 kg/m³", `density ${fmt(rho)} kg/m³`],
    ["travel 1.5 m from", `travel ${fmt(S)} m from`],
    ["displacement reaches 1.5 m", `displacement reaches ${fmt(S)} m`],
    ["exceeds 1.5 m", `exceeds ${fmt(S)} m`],
    ["speed at 1.5 m", `speed at ${fmt(S)} m`],
  ],
  procedure: ({ S, rho }) => ({
    summary: `create the sphere on the ramp, step 5 ms at a time reading position and velocity until |Δr| > ${
      fmt(S)
    } m; report the interpolated [time, speed]`,
    *run() {
      const [, p0] = yield [
        {
          tool: "create_objects",
          parameters: { name: "object_3", pos: [-1.224038, 0, 2.379904], density: rho, radius: 0.1 },
        },
        { tool: "get_position", parameters: { object_id: "object_3" } },
      ];
      const start = position(p0);
      let prevD = 0;
      let prevT = time(p0);
      let prevS = 0;
      return yield* eachStep(
        [{ tool: "get_position", parameters: { object_id: "object_3" } }, {
          tool: "get_velocity",
          parameters: { object_id: "object_3" },
        }],
        { batch: BATCH, maxBatches: 10, failure: `the ball never travelled ${fmt(S)} m` },
        ([p, vr]) => {
          const x = position(p);
          const d = Math.hypot(x[0] - start[0], x[1] - start[1], x[2] - start[2]);
          const t = time(p);
          const s = Math.hypot(...velocity(vr));
          if (d >= S) {
            const f = crossFraction(S, prevD, d);
            return [round(lerp(prevT, t, f)), round(lerp(prevS, s, f))];
          }
          prevD = d;
          prevT = t;
          prevS = s;
        },
      );
    },
    closedForm: {
      value: [Math.sqrt((2 * S) / ((5 / 7) * 9.81 * SIN)), Math.sqrt((10 / 7) * 9.81 * S * SIN)],
      tolerance: 0.03,
      formula: `[√(2s/a), √(10/7·g·s·sin θ)] with a = (5/7)g sin θ, s = ${fmt(S)}, θ = 30°`,
    },
  }),
});

export const reference = baseProcedure(variation);
