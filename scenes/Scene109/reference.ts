// Delete the right weight, follow the left weight's height until it has dropped 5 cm;
// α = ω/t from object_2's speed (ω = v/d) after 0.05 s.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 40;
/** The plank's moment of inertia about the axle with one weight left on it. */
const inertia = (mp: number, mw: number, D: number) => (1 / 12) * mp * 4 + mw * D * D + (1 / 12) * mw * (0.04 + 0.04);

export const variation = defineVariation({
  parameters: {
    mp: { base: 1, min: 0.5, max: 3, step: 0.25, unit: "kg" },
    mw: { base: 2, min: 0.5, max: 4, step: 0.25, unit: "kg" },
    D: { base: 0.8, min: 0.4, max: 0.9, step: 0.05, unit: "m" },
  },
  // α is read at 0.05 s: the 5 cm drop must come clearly after it
  constraint: ({ mp, mw, D }) => {
    const alpha = (mw * 9.81 * D) / inertia(mp, mw, D);
    const t = Math.sqrt((2 * Math.asin(0.05 / D)) / alpha);
    return t < 0.07 ? `the weight drops 5 cm in ${fmt(t)} s, too soon after the 0.05 s reading of α` : null;
  },
  world: ({ mp, mw, D }) => [
    { tag: "geom", name: "plank", attr: "mass", value: mp },
    { tag: "geom", name: "left_weight", attr: "mass", value: mw },
    { tag: "geom", name: "right_weight", attr: "mass", value: mw },
    { tag: "body", name: "object_2", attr: "pos", index: 0, value: -D },
    { tag: "body", name: "object_3", attr: "pos", index: 0, value: D },
  ],
  text: ({ D }) => [
    ["each 0.8 m from the axle", `each ${fmt(D)} m from the axle`],
    ["ω = v/0.8", `ω = v/${fmt(D)}`],
    ["radius 0.8 m about the axle", `radius ${fmt(D)} m about the axle`],
  ],
  procedure: ({ mp, mw, D }) => {
    const I = inertia(mp, mw, D);
    const ALPHA = (mw * 9.81 * D) / I;
    return {
      summary: `delete object_3, step 5 ms at a time reading object_2's z; α = |v|/(${
        fmt(D)
      }·t) at t = 0.05 s; time for Δz = 0.05 m interpolated`,
      *run() {
        const [p0] = yield [
          { tool: "get_position", parameters: { object_id: "object_2" } },
          { tool: "delete_objects", parameters: { object_id: "object_3" } },
        ];
        const z0 = position(p0)[2];
        const t0 = time(p0);
        let alpha = NaN;
        let prevDrop = 0;
        let prevT = t0;
        return yield* eachStep(
          [{ tool: "get_position", parameters: { object_id: "object_2" } }, {
            tool: "get_velocity",
            parameters: { object_id: "object_2" },
          }],
          { batch: BATCH, maxBatches: 5, failure: "the weight never dropped 5 cm" },
          ([p, vr]) => {
            const drop = z0 - position(p)[2];
            const t = time(p) - t0;
            if (Number.isNaN(alpha) && t >= 0.05 - 1e-9) alpha = Math.hypot(...velocity(vr)) / (D * t);
            if (drop >= 0.05) return [round(alpha, 2), round(lerp(prevT - t0, t, crossFraction(0.05, prevDrop, drop)))];
            prevDrop = drop;
            prevT = time(p);
          },
        );
      },
      closedForm: {
        value: [ALPHA, Math.sqrt((2 * Math.asin(0.05 / D)) / ALPHA)],
        tolerance: 0.03,
        formula: `[mgd/I, √(2·asin(0.05/d)/α)] with m = ${fmt(mw)}, d = ${fmt(D)}, I = (1/12)·${fmt(mp)}·2² + ${
          fmt(mw)
        }d² + (1/12)·${fmt(mw)}·(0.2² + 0.2²)`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
