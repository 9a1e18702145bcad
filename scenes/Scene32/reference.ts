// Find, by trial, the launch angle (below 45°) at which a ball launched at 6 m/s from
// (0, 0, 1) comes back down to its launch height 3.0 m away. Each trial puts the ball back at
// the launch point, sets its velocity, samples its position every timestep and interpolates x
// where z falls back through 1.0 m; the angle is then corrected by the secant through the last
// two trials.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { perStep, position, round, stepsWith } from "../procedures.ts";

const V = 6, Z0 = 1.0, TARGET = 3.0;
const RAD = Math.PI / 180;

export const reference: ReferenceProcedure = {
  summary: "repeat: reset the ball to (0, 0, 1), launch at 6 m/s and angle θ, step one timestep at a time reading its position, interpolate the range where it falls back to z = 1; secant on θ until |R − 3| < 0.1 mm; report θ in degrees",
  *run() {
    const trials: { th: number; r: number }[] = [];
    let th = 15;
    for (let k = 0; k < 12; k++) {
      const rs = yield [
        { tool: "move_object", parameters: { object_id: "object_1", x: 0, y: 0, z: Z0 } },
        { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [V * Math.cos(th * RAD), 0, V * Math.sin(th * RAD)] } },
        ...stepsWith(200, [{ tool: "get_position", parameters: { object_id: "object_1" } }]),
      ];
      let range: number | null = null;
      let prev = [0, 0, Z0];
      for (const [i, [r]] of perStep(rs, 1, 2).entries()) {
        const p = position(r);
        if (prev[2] >= Z0 && p[2] < Z0 && i > 0) {
          range = prev[0] + (p[0] - prev[0]) * (prev[2] - Z0) / (prev[2] - p[2]);
          break;
        }
        prev = p;
      }
      if (range === null) throw new Error(`no landing within 1 s at ${th}°`);
      if (Math.abs(range - TARGET) < 1e-4) return round(th);
      trials.push({ th, r: range });
      if (trials.length === 1) th = 40;
      else {
        const [p, q] = trials.slice(-2);
        th = q.th - ((q.r - TARGET) * (q.th - p.th)) / (q.r - p.r);
      }
    }
    throw new Error("no convergence");
  },
  closedForm: {
    value: Math.asin((TARGET * 9.81) / (V * V)) / 2 / RAD,
    tolerance: 0.02,
    formula: "R = v²·sin 2θ/g, so θ = ½·asin(g·R/v²) = ½·asin(9.81 × 3 / 36) (the lower of the two solutions)",
  },
};
