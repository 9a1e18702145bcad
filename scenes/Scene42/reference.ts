// Create the ball on the upper part of the ramp and sample its displacement every timestep
// (in 0.2 s batches) until it exceeds the asked distance; the crossing time is interpolated
// between samples.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { perStep, round, stepsWith } from "../procedures.ts";

/** The ramp's centre height, half-length and half-thickness; the ball's radius. */
const RAMP_Z = 1.0;
const RAMP_HALF = 1.5;
const RAMP_T = 0.05;
const R = 0.06;
/** Where the ball is created: 1.2 m up the slope from the ramp's centre. */
const S0 = -1.2;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** The ball's centre resting on the ramp inclined at th degrees, to 3 decimals as the task writes it. */
const ballPos = (th: number) => {
  const [c, s] = [Math.cos(rad(th)), Math.sin(rad(th))];
  const h = RAMP_T + R;
  return [S0 * c + h * s, 0, RAMP_Z - S0 * s + h * c].map((x) => Number(x.toFixed(3)));
};

export const variation = defineVariation({
  parameters: {
    theta: { base: 20, min: 10, max: 30, step: 1, unit: "°" },
    s: { base: 2.0, min: 1.0, max: 2.4, step: 0.1, unit: "m" },
  },
  // the ball must still be on the ramp (its contact point short of the lower edge) when it has gone s
  constraint: ({ s }) => (S0 + s > RAMP_HALF - 0.2 ? `after ${fmt(s)} m the ball would be off the ramp's lower end` : null),
  world: ({ theta }) => [{ tag: "body", name: "object_1", attr: "euler", value: theta, index: 1 }],
  text: ({ theta, s }) => {
    const [x, , z] = ballPos(theta);
    return [
      ["inclined at 20°", `inclined at ${fmt(theta)}°`],
      ["at position (-1.09, 0, 1.514)", `at position (${fmt(x)}, 0, ${fmt(z)})`],
      ["travel 2.0 m from", `travel ${s.toFixed(1)} m from`],
      ["reaches 2.0 m", `reaches ${s.toFixed(1)} m`],
    ];
  },
  procedure: ({ theta, s }) => {
    const pos = ballPos(theta);
    return {
      summary: `create the ball at (${fmt(pos[0])}, 0, ${fmt(pos[2])}), step one timestep at a time reading get_displacement until it passes ${fmt(s)} m, report the interpolated time`,
      *run() {
        yield [{ tool: "create_objects", parameters: { name: "ball", pos, radius: R, density: 1000 } }];
        let prev = { t: 0, d: 0 };
        for (;;) {
          const rs = yield stepsWith(40, [{ tool: "get_displacement", parameters: { object_id: "ball" } }]);
          for (const [r] of perStep(rs, 1)) {
            const cur = { t: r.sim_time, d: r.result!.displacement as number };
            if (cur.d >= s) return round(prev.t + (cur.t - prev.t) * (s - prev.d) / (cur.d - prev.d));
            prev = cur;
          }
          if (prev.t > 5) throw new Error(`the ball never travelled ${fmt(s)} m`);
        }
      },
      closedForm: {
        value: Math.sqrt((2 * s) / ((5 / 7) * 9.81 * Math.sin(rad(theta)))),
        tolerance: 0.02,
        formula: `t = √(2s/a), a = (5/7)·g·sin θ for a solid ball rolling without slipping; s = ${fmt(s)} m, θ = ${fmt(theta)}°`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
