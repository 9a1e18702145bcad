import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const G = 9.81;
const T = 0.3;

// Torque balance + rotational dynamics: the larger moment m·g·d wins, not the larger mass alone.
export const variation = defineVariation({
  parameters: {
    mL: { base: 3, min: 1, max: 5, step: 0.5, unit: "kg" },
    dL: { base: 0.8, min: 0.3, max: 1.1, step: 0.1, unit: "m" },
    mR: { base: 2, min: 1, max: 5, step: 0.5, unit: "kg" },
    dR: { base: 1, min: 0.3, max: 1.1, step: 0.1, unit: "m" },
  },
  // a near-balance leaves the outcome to the weights' small height above the axle; a seesaw
  // that barely turns in the 0.3 s watched would read as balanced
  constraint: ({ mL, dL, mR, dR }) => {
    const tl = mL * dL;
    const tr = mR * dR;
    if (Math.abs(tl - tr) < 0.1 * Math.max(tl, tr)) return `the moments ${fmt(tl)} and ${fmt(tr)} kg·m are within 10%`;
    // plank (1 kg, 2.4 m long) plus point weights 0.07 m above it
    const I = (2.4 ** 2) / 12 + mL * (dL ** 2 + 0.07 ** 2) + mR * (dR ** 2 + 0.07 ** 2);
    const sink = 0.5 * ((G * Math.abs(tl - tr)) / I) * T ** 2 * Math.min(dL, dR);
    return sink < 0.005 ? `the weights would move only ${fmt(sink)} m in ${T} s` : null;
  },
  world: ({ mL, dL, mR, dR }) => [
    { tag: "geom", name: "left_weight", attr: "mass", value: mL },
    { tag: "body", name: "object_2", attr: "pos", index: 0, value: -dL },
    { tag: "geom", name: "right_weight", attr: "mass", value: mR },
    { tag: "body", name: "object_3", attr: "pos", index: 0, value: dR },
  ],
  text: ({ mL, dL, mR, dR }) => [
    ["A 3 kg weight (object_2) is fixed to the plank 0.8 m to the left", `A ${fmt(mL)} kg weight (object_2) is fixed to the plank ${dL.toFixed(1)} m to the left`],
    ["a 2 kg weight (object_3) 1.0 m to the right", `a ${fmt(mR)} kg weight (object_3) ${dR.toFixed(1)} m to the right`],
    // the published expected behaviour names the outcome; it follows the draw
    ["answers 1 because the left weight sinks", mL * dL > mR * dR ? "answers 1 because the left weight sinks" : "answers 2 because the right weight sinks"],
  ],
  procedure: ({ mL, dL, mR, dR }) => ({
    summary: `read both weights' heights, step ${T} s, read them again: code 1 if the left weight sank, 2 if the right one did, 3 if neither moved`,
    *run() {
      const [l0, r0] = yield [
        { tool: "get_position", parameters: { object_id: "object_2" } },
        { tool: "get_position", parameters: { object_id: "object_3" } },
      ];
      const [, l1, r1] = yield [
        { tool: "step", parameters: { duration: T } },
        { tool: "get_position", parameters: { object_id: "object_2" } },
        { tool: "get_position", parameters: { object_id: "object_3" } },
      ];
      const dl = (l1.result!.position as number[])[2] - (l0.result!.position as number[])[2];
      const dr = (r1.result!.position as number[])[2] - (r0.result!.position as number[])[2];
      if (Math.abs(dl) < 1e-3 && Math.abs(dr) < 1e-3) return 3;
      return dl < dr ? 1 : 2;
    },
    closedForm: {
      value: mL * dL > mR * dR ? 1 : 2,
      tolerance: 0,
      formula: `code 1 when m_left·d_left = ${fmt(mL)} × ${fmt(dL)} exceeds m_right·d_right = ${fmt(mR)} × ${dR.toFixed(1)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
