// Create the ball on the ramp, step 5 ms at a time until it has moved 1.5 m, and interpolate
// the time and speed there.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 40;
const S = 1.5;
const SIN = Math.sin(Math.PI / 6);

export const reference: ReferenceProcedure = {
  summary: "create the sphere on the ramp, step 5 ms at a time reading position and velocity until |Δr| > 1.5 m; report the interpolated [time, speed]",
  *run() {
    const [, p0] = yield [
      { tool: "create_objects", parameters: { name: "object_3", pos: [-1.224038, 0, 2.379904], density: 1200, radius: 0.1 } },
      { tool: "get_position", parameters: { object_id: "object_3" } },
    ];
    const start = position(p0);
    let prevD = 0;
    let prevT = time(p0);
    let prevS = 0;
    return yield* eachStep(
      [{ tool: "get_position", parameters: { object_id: "object_3" } }, { tool: "get_velocity", parameters: { object_id: "object_3" } }],
      { batch: BATCH, maxBatches: 10, failure: "the ball never travelled 1.5 m" },
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
    formula: "[√(2s/a), √(10/7·g·s·sin θ)] with a = (5/7)g sin θ, s = 1.5, θ = 30°",
  },
};
