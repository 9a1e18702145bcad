// Create the ball on the ramp, step 5 ms at a time until it has moved 1.5 m, and interpolate
// the time and speed there.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
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
    const start = p0.result!.position as number[];
    let prevD = 0;
    let prevT = p0.result!.time as number;
    let prevS = 0;
    for (let batch = 0; batch < 10; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_position", parameters: { object_id: "object_3" } },
          { tool: "get_velocity", parameters: { object_id: "object_3" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const p = res[3 * i + 1].result!;
        const x = p.position as number[];
        const d = Math.hypot(x[0] - start[0], x[1] - start[1], x[2] - start[2]);
        const t = p.time as number;
        const s = Math.hypot(...(res[3 * i + 2].result!.velocity as number[]));
        if (d >= S) {
          const f = (S - prevD) / (d - prevD);
          return [Math.round((prevT + f * (t - prevT)) * 1000) / 1000, Math.round((prevS + f * (s - prevS)) * 1000) / 1000];
        }
        prevD = d;
        prevT = t;
        prevS = s;
      }
    }
    throw new Error("the ball never travelled 1.5 m");
  },
  closedForm: {
    value: [Math.sqrt((2 * S) / ((5 / 7) * 9.81 * SIN)), Math.sqrt((10 / 7) * 9.81 * S * SIN)],
    tolerance: 0.03,
    formula: "[√(2s/a), √(10/7·g·s·sin θ)] with a = (5/7)g sin θ, s = 1.5, θ = 30°",
  },
};
