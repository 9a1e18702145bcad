// Bisect the launch angle (low branch) until the ball touches down at x = 4 m; then read the
// touchdown speed. Touchdown = the centre interpolated down to one radius above the floor.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { bisect, crossFraction, lerp, perStep, position, round, stepsWith, velocity } from "../procedures.ts";
import type { ToolCall, ToolResult } from "../../engine/physment/protocol.ts";

const SUBSTEPS = 220;
const V = 6;
const R = 0.1;
const G = 9.81;
const H = 1.0;

function range(deg: number): number {
  const th = (deg * Math.PI) / 180;
  const t = (V * Math.sin(th) + Math.sqrt((V * Math.sin(th)) ** 2 + 2 * G * H)) / G;
  return V * Math.cos(th) * t;
}
function closedAngle(): number {
  let lo = 0;
  let hi = 45;
  for (let i = 0; i < 60; i++) {
    const m = (lo + hi) / 2;
    if (range(m) > 4) hi = m;
    else lo = m;
  }
  return lo;
}

function trial(start: number[], deg: number): ToolCall[] {
  const th = (deg * Math.PI) / 180;
  return [
    { tool: "move_object", parameters: { object_id: "object_1", x: start[0], y: start[1], z: start[2] } },
    { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [V * Math.cos(th), 0, V * Math.sin(th)] } },
    ...stepsWith(SUBSTEPS, [{ tool: "get_position", parameters: { object_id: "object_1" } }, { tool: "get_velocity", parameters: { object_id: "object_1" } }]),
  ];
}

/** x and speed where the centre comes down through z = R (linear interpolation between samples). */
function touchdown(res: ToolResult[], start: number[]): { x: number; speed: number } {
  let prev = { p: start, s: V };
  for (const [pr, vr] of perStep(res, 2, 2)) {
    const p = position(pr);
    const s = Math.hypot(...velocity(vr));
    if (p[2] <= R && prev.p[2] > R) {
      const f = crossFraction(R, prev.p[2], p[2]);
      return { x: lerp(prev.p[0], p[0], f) - start[0], speed: lerp(prev.s, s, f) };
    }
    prev = { p, s };
  }
  throw new Error("the ball did not come down within the trial");
}

export const reference: ReferenceProcedure = {
  summary: "bisect θ on [0°, 45°] over 12 trials (reset, launch at 6 m/s, step 5 ms reading position until the centre passes z = r, interpolate x, compare with 4.0), then the touchdown speed at the θ found",
  *run() {
    const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
    const start = position(p0);
    const [lo, hi] = yield* bisect(0, 45, 12, (deg) => trial(start, deg), (res) => touchdown(res, start).x > 4.0);
    const deg = round((lo + hi) / 2, 1);
    const { speed } = touchdown(yield trial(start, deg), start);
    return [deg, round(speed)];
  },
  closedForm: { value: [closedAngle(), Math.sqrt(V * V + 2 * G * H)], tolerance: 0.03, formula: "[θ solving 6 cos θ·(6 sin θ + √(36 sin²θ + 2gh))/g = 4, √(v² + 2gh)] with h = 1" },
};
