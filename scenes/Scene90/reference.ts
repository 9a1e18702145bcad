// Bisect the launch speed so that the cube's highest point is s up the slope; report it
// and the time to that point.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import type { ToolCall, ToolResult } from "../../engine/physment/protocol.ts";
import { bisect, crossFraction, lerp, perStep, position, round, stepsWith, time, velocity } from "../procedures.ts";

const SUBSTEPS = 200;
const TH = (25 * Math.PI) / 180;
const U = [Math.cos(TH), 0, Math.sin(TH)];
const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

function trial(start: number[], v: number): ToolCall[] {
  return [
    { tool: "move_object", parameters: { object_id: "object_1", x: start[0], y: start[1], z: start[2] } },
    { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: U.map((c) => v * c) } },
    { tool: "get_position", parameters: { object_id: "object_1" } },
    ...stepsWith(SUBSTEPS, [{ tool: "get_position", parameters: { object_id: "object_1" } }, {
      tool: "get_velocity",
      parameters: { object_id: "object_1" },
    }]),
  ];
}

/** Farthest distance up the slope and the interpolated time of the turn (from the trial's start). */
function turn(res: ToolResult[], start: number[], v0: number): { far: number; time: number } {
  const t0 = time(res[2]);
  let far = 0;
  let prevV = v0;
  let prevT = t0;
  for (const [p, vr] of perStep(res, 2, 3)) {
    const x = position(p);
    const t = time(p);
    far = Math.max(far, dot([x[0] - start[0], x[1] - start[1], x[2] - start[2]], U));
    const v = dot(velocity(vr), U);
    if (v <= 0) return { far, time: lerp(prevT, t, crossFraction(0, prevV, v)) - t0 };
    prevV = v;
    prevT = t;
  }
  return { far, time: NaN };
}

export const variation = defineVariation({
  parameters: {
    S: { base: 1.2, min: 0.5, max: 1.8, step: 0.1, unit: "m" },
    m: { base: 1, min: 0.3, max: 3, step: 0.1, unit: "kg" },
  },
  world: ({ m }) => [{ tag: "geom", name: "cube", attr: "mass", value: m }],
  text: ({ S }) => [
    ["a point 1.2 m up the ramp", `a point ${fmt(S)} m up the ramp`],
    ["highest point with 1.2 m", `highest point with ${fmt(S)} m`],
    ["compares it with 1.2 m", `compares it with ${fmt(S)} m`],
  ],
  procedure: ({ S }) => ({
    summary:
      `bisect v on [0, 6] over 11 trials (reset, launch along the slope, step 5 ms until the up-slope velocity turns, compare the farthest point with ${
        fmt(S)
      } m); report [v, turn time]`,
    *run() {
      const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
      const start = position(p0);
      const [lo, hi] = yield* bisect(0, 6, 11, (v) => trial(start, v), (res, v) => turn(res, start, v).far > S);
      const v = round((lo + hi) / 2);
      return [v, round(turn(yield trial(start, v), start, v).time)];
    },
    closedForm: {
      value: [Math.sqrt(2 * 9.81 * S * Math.sin(TH)), Math.sqrt(2 * 9.81 * S * Math.sin(TH)) / (9.81 * Math.sin(TH))],
      tolerance: 0.02,
      formula: `[√(2gs sin θ), v/(g sin θ)] with s = ${fmt(S)}, θ = 25°`,
    },
  }),
});

export const reference = baseProcedure(variation);
