// Reveal the hidden block and sample its displacement every timestep (in 0.2 s batches) as it
// slides down the ramp, until it has moved the asked distance; the crossing time is
// interpolated between samples.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { round, timeToReach } from "../procedures.ts";

const G = 9.81;
/** The ramp's centre height, half-length and half-thickness; the block's half-length and half-height. */
const RAMP_Z = 1.2;
const RAMP_HALF = 1.5;
const RAMP_T = 0.05;
const BLOCK_HALF = 0.1;
const BLOCK_H = 0.05;
/** Where the block rests: 1 m up the slope from the ramp's centre. */
const S0 = -1.0;

const rad = (deg: number) => (deg * Math.PI) / 180;
const accel = (theta: number, mu: number) => G * (Math.sin(rad(theta)) - mu * Math.cos(rad(theta)));

/** The block's centre resting on the ramp inclined at th degrees, to 8 decimals as published. */
const blockPos = (th: number) => {
  const [c, s] = [Math.cos(rad(th)), Math.sin(rad(th))];
  const h = RAMP_T + BLOCK_H;
  return [S0 * c + h * s, 0, RAMP_Z - S0 * s + h * c].map((x) => Number(x.toFixed(8)));
};

export const variation = defineVariation({
  parameters: {
    theta: { base: 30, min: 20, max: 40, step: 1, unit: "°" },
    mu: { base: 0.3, min: 0.1, max: 0.4, step: 0.05, unit: "" },
    s: { base: 0.7, min: 0.4, max: 1.2, step: 0.1, unit: "m" },
  },
  // the block must slide clearly (friction well short of holding it) and stay on the ramp
  constraint: ({ theta, mu, s }) => {
    const a = accel(theta, mu);
    if (a < 1) return `the block would accelerate at only ${fmt(a)} m/s²`;
    if (S0 + s > RAMP_HALF - BLOCK_HALF) return `after ${fmt(s)} m the block would be off the ramp`;
    return null;
  },
  // both surfaces carry the coefficient (MuJoCo takes the larger of the pair)
  world: ({ theta, mu }) => [
    { tag: "body", name: "object_1", attr: "euler", value: theta, index: 1 },
    { tag: "body", name: "object_3", attr: "euler", value: theta, index: 1 },
    { tag: "body", name: "object_3", attr: "pos", value: blockPos(theta) },
    { tag: "geom", name: "ramp", attr: "friction", value: mu, index: 0 },
    { tag: "geom", name: "block", attr: "friction", value: mu, index: 0 },
  ],
  text: ({ theta, mu, s }) => [
    ["inclined at 30°", `inclined at ${fmt(theta)}°`],
    ["between block and ramp is 0.3", `between block and ramp is ${fmt(mu)}`],
    ["slide 0.7 m down", `slide ${fmt(s)} m down`],
    ["has moved 0.7 m", `has moved ${fmt(s)} m`],
    ["reaches 0.7 m", `reaches ${fmt(s)} m`],
  ],
  procedure: ({ theta, mu, s }) => {
    const th = rad(theta);
    return {
      summary: `find_objects, step one timestep at a time reading the block's get_displacement until ${fmt(s)} m; report the interpolated time`,
      *run() {
        yield [{ tool: "find_objects", parameters: {} }];
        return round(yield* timeToReach(
          { tool: "get_displacement", parameters: { object_id: "object_3" } },
          (r) => r.result!.displacement as number,
          s,
          // 3 s: the slowest allowed slide (1.2 m at 1 m/s²) takes 1.55 s
          { batch: 40, maxBatches: 15, failure: `the block never slid ${fmt(s)} m` },
        ));
      },
      closedForm: {
        value: Math.sqrt((2 * s) / (G * (Math.sin(th) - mu * Math.cos(th)))),
        tolerance: 0.02,
        formula: `a = g(sin θ − μ cos θ), t = √(2s/a) with θ = ${fmt(theta)}°, μ = ${fmt(mu)}, s = ${fmt(s)} m`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
