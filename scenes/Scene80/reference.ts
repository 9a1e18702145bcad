// Bisect the launch angle (low branch) until the ball touches down at x = 4 m; then read the
// touchdown speed. Touchdown = the centre interpolated down to one radius above the floor.
import { baseProcedure, defineVariation, fmt, fmt1 } from "../../engine/physment/variation/declare.ts";
import { bisect, crossFraction, lerp, perStep, position, round, stepsWith, velocity } from "../procedures.ts";
import type { ToolCall, ToolResult } from "../../engine/physment/protocol.ts";

const SUBSTEPS = 220;
const R = 0.1;
const G = 9.81;

/** Where the centre comes down to one radius above the floor, thrown at `deg` with speed v from h above that level. */
function range(v: number, h: number, deg: number): number {
  const th = (deg * Math.PI) / 180;
  const t = (v * Math.sin(th) + Math.sqrt((v * Math.sin(th)) ** 2 + 2 * G * h)) / G;
  return v * Math.cos(th) * t;
}
function flightTime(v: number, h: number, deg: number): number {
  const th = (deg * Math.PI) / 180;
  return (v * Math.sin(th) + Math.sqrt((v * Math.sin(th)) ** 2 + 2 * G * h)) / G;
}
function closedAngle(v: number, h: number, x: number): number {
  let lo = 0;
  let hi = 45;
  for (let i = 0; i < 60; i++) {
    const m = (lo + hi) / 2;
    if (range(v, h, m) > x) hi = m;
    else lo = m;
  }
  return lo;
}

function trial(start: number[], v: number, deg: number): ToolCall[] {
  const th = (deg * Math.PI) / 180;
  return [
    { tool: "move_object", parameters: { object_id: "object_1", x: start[0], y: start[1], z: start[2] } },
    {
      tool: "set_velocity",
      parameters: { object_id: "object_1", velocity_vector: [v * Math.cos(th), 0, v * Math.sin(th)] },
    },
    ...stepsWith(SUBSTEPS, [{ tool: "get_position", parameters: { object_id: "object_1" } }, {
      tool: "get_velocity",
      parameters: { object_id: "object_1" },
    }]),
  ];
}

/** x and speed where the centre comes down through z = R (linear interpolation between samples). */
function touchdown(res: ToolResult[], start: number[], v: number): { x: number; speed: number } {
  let prev = { p: start, s: v };
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


export const variation = defineVariation({
  parameters: {
    // narrow enough that the mark mostly lies within the reach of a 10°–40° throw
    V: { base: 6, min: 6, max: 7, step: 0.25, unit: "m/s" },
    X: { base: 4, min: 3.8, max: 4.5, step: 0.1, unit: "m" },
    H: { base: 1, min: 0.8, max: 1.3, step: 0.1, unit: "m" },
  },
  // a low-branch angle below 45° must reach the mark clearly, within the 1.1 s a trial follows
  constraint: ({ V, X, H }) => {
    if (range(V, H, 0) > X - 0.3) return `even a horizontal throw lands past ${fmt1(X)} m`;
    if (range(V, H, 40) < X + 0.3) return `no angle below 45° reaches ${fmt1(X)} m`;
    // a flat throw's angle is a steep function of where it lands: the tolerance would not hold
    const deg = closedAngle(V, H, X);
    if (deg < 10) return `the angle ${fmt(deg)}° is too flat to find within the tolerance`;
    const t = flightTime(V, H, deg);
    return t > 1.05 ? `the flight takes ${fmt(t)} s, longer than a trial follows` : null;
  },
  world: ({ X, H }) => [
    { tag: "body", name: "object_3", attr: "pos", index: 0, value: X },
    { tag: "body", name: "object_1", attr: "pos", index: 2, value: H + R },
  ],
  text: ({ V, X }) => [
    ["speed 6 m/s", `speed ${fmt(V)} m/s`],
    ["[6 cos θ, 0, 6 sin θ]", `[${fmt(V)} cos θ, 0, ${fmt(V)} sin θ]`],
    ["x = 4.0 m", `x = ${fmt1(X)} m`],
    ["compares it with 4.0 m", `compares it with ${fmt1(X)} m`],
  ],
  procedure: ({ V, X, H }) => ({
    summary: `bisect θ on [0°, 45°] over 12 trials (reset, launch at ${
      fmt(V)
    } m/s, step 5 ms reading position until the centre passes z = r, interpolate x, compare with ${
      fmt1(X)
    }), then the touchdown speed at the θ found`,
    *run() {
      const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
      const start = position(p0);
      const [lo, hi] = yield* bisect(0, 45, 12, (deg) => trial(start, V, deg), (res) => touchdown(res, start, V).x > X);
      const deg = round((lo + hi) / 2, 1);
      const { speed } = touchdown(yield trial(start, V, deg), start, V);
      return [deg, round(speed)];
    },
    closedForm: {
      value: [closedAngle(V, H, X), Math.sqrt(V * V + 2 * G * H)],
      tolerance: 0.03,
      formula: `[θ solving ${fmt(V)} cos θ·(${fmt(V)} sin θ + √(${fmt(V * V)} sin²θ + 2gh))/g = ${
        fmt(X)
      }, √(v² + 2gh)] with h = ${fmt(H)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
