// Launch the cart up the incline and sample its displacement and velocity every timestep (in
// 0.2 s batches) until it is sliding back down; the answer is the greatest distance it got
// from its start.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { perStep, round, stepsWith, velocity } from "../procedures.ts";

const G = 9.81;
/** The ramp's centre height, half-length and half-thickness, and the cart's half-height. */
const RAMP_Z = 1.0;
const RAMP_HALF = 1.5;
const RAMP_T = 0.05;
const CART_H = 0.06;
const CART_HALF = 0.15;
/** Where the cart rests: 0.8 m down the slope from the ramp's centre. */
const S0 = 0.8;
/** How far up the slope the cart may go and still be on the ramp (to its top edge, less a margin). */
const ROOM = S0 + RAMP_HALF - CART_HALF - 0.15;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** The cart's centre resting on the ramp inclined at th degrees (S0 along the ramp, the thicknesses along its normal), to 8 decimals as published. */
const cartPos = (th: number) => {
  const [c, s] = [Math.cos(rad(th)), Math.sin(rad(th))];
  const h = RAMP_T + CART_H;
  return [S0 * c + h * s, 0, RAMP_Z - S0 * s + h * c].map((x) => Number(x.toFixed(8)));
};

export const variation = defineVariation({
  parameters: {
    v0: { base: 2.7, min: 1.5, max: 3.5, step: 0.1, unit: "m/s" },
    theta: { base: 20, min: 15, max: 35, step: 1, unit: "°" },
  },
  // the cart must stop before it runs off the ramp's top edge
  constraint: ({ v0, theta }) => {
    const d = (v0 * v0) / (2 * G * Math.sin(rad(theta)));
    return d > ROOM ? `the cart would travel ${fmt(d)} m, off the top of the ramp` : null;
  },
  world: ({ theta }) => [
    { tag: "body", name: "object_2", attr: "euler", value: theta, index: 1 },
    { tag: "body", name: "object_1", attr: "euler", value: theta, index: 1 },
    { tag: "body", name: "object_1", attr: "pos", value: cartPos(theta) },
  ],
  text: ({ v0, theta }) => [
    ["inclined at 20°", `inclined at ${fmt(theta)}°`],
    ["speed of 2.7 m/s", `speed of ${fmt(v0)} m/s`],
    ["velocity 2.7 × (−cos 20°, 0, sin 20°) m/s", `velocity ${fmt(v0)} × (−cos ${fmt(theta)}°, 0, sin ${fmt(theta)}°) m/s`],
  ],
  procedure: ({ v0, theta }) => {
    const th = rad(theta);
    const up = [-Math.cos(th), 0, Math.sin(th)]; // unit vector up the slope
    return {
      summary: `set v = ${fmt(v0)} m/s up the slope, step one timestep at a time reading get_displacement and the velocity until v·û < 0; report the largest displacement`,
      *run() {
        yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: up.map((c) => v0 * c) } }];
        let dmax = 0;
        // 4 s of batches: the slowest allowed rise (1.5 m/s over 2 m) takes under 2.7 s
        for (let k = 0; k < 20; k++) {
          const rs = yield stepsWith(40, [
            { tool: "get_displacement", parameters: { object_id: "object_1" } },
            { tool: "get_velocity", parameters: { object_id: "object_1" } },
          ]);
          let back = false;
          for (const [d, vr] of perStep(rs, 2)) {
            dmax = Math.max(dmax, d.result!.displacement as number);
            const v = velocity(vr);
            if (v[0] * up[0] + v[1] * up[1] + v[2] * up[2] < 0) back = true;
          }
          if (back) return round(dmax);
        }
        throw new Error("the cart never came back");
      },
      closedForm: {
        value: (v0 * v0) / (2 * G * Math.sin(th)),
        tolerance: 0.02,
        formula: `d = v₀²/(2g·sin θ) = ${fmt(v0)}² / (2 × 9.81 × sin ${fmt(theta)}°)`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
