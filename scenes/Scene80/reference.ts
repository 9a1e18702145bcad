// Bisect the launch angle (low branch) until the ball touches down at x = 4 m; then read the
// touchdown speed. Touchdown = the centre interpolated down to one radius above the floor.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import type { ToolCall, ToolResult } from "../../engine/physment/protocol.ts";

const DT = 0.005;
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
  const calls: ToolCall[] = [
    { tool: "move_object", parameters: { object_id: "object_1", x: start[0], y: start[1], z: start[2] } },
    { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [V * Math.cos(th), 0, V * Math.sin(th)] } },
  ];
  for (let i = 0; i < SUBSTEPS; i++) {
    calls.push(
      { tool: "step", parameters: { duration: DT } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    );
  }
  return calls;
}

/** x and speed where the centre comes down through z = R (linear interpolation between samples). */
function touchdown(res: ToolResult[], start: number[]): { x: number; speed: number } {
  let prev = { p: start, s: V };
  for (let i = 0; i < SUBSTEPS; i++) {
    const p = res[2 + 3 * i + 1].result!.position as number[];
    const s = Math.hypot(...(res[2 + 3 * i + 2].result!.velocity as number[]));
    if (p[2] <= R && prev.p[2] > R) {
      const f = (prev.p[2] - R) / (prev.p[2] - p[2]);
      return { x: prev.p[0] + f * (p[0] - prev.p[0]) - start[0], speed: prev.s + f * (s - prev.s) };
    }
    prev = { p, s };
  }
  throw new Error("the ball did not come down within the trial");
}

export const reference: ReferenceProcedure = {
  summary: "bisect θ on [0°, 45°] over 12 trials (reset, launch at 6 m/s, step 5 ms reading position until the centre passes z = r, interpolate x, compare with 4.0), then the touchdown speed at the θ found",
  *run() {
    const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
    const start = p0.result!.position as number[];
    let lo = 0;
    let hi = 45;
    for (let t = 0; t < 12; t++) {
      const deg = (lo + hi) / 2;
      const { x } = touchdown(yield trial(start, deg), start);
      if (x > 4.0) hi = deg;
      else lo = deg;
    }
    const deg = Math.round(((lo + hi) / 2) * 10) / 10;
    const { speed } = touchdown(yield trial(start, deg), start);
    return [deg, Math.round(speed * 1000) / 1000];
  },
  closedForm: { value: [closedAngle(), Math.sqrt(V * V + 2 * G * H)], tolerance: 0.03, formula: "[θ solving 6 cos θ·(6 sin θ + √(36 sin²θ + 2gh))/g = 4, √(v² + 2gh)] with h = 1" },
};
