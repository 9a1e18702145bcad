// Let the lever go for 0.3 s and see which weight has dropped: the larger torque m·g·d wins.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const G = 9.81;

export const variation = defineVariation({
  parameters: {
    mL: { base: 2, min: 0.5, max: 4, step: 0.5, unit: "kg" },
    dL: { base: 0.3, min: 0.1, max: 0.55, step: 0.05, unit: "m" },
    mR: { base: 1, min: 0.5, max: 4, step: 0.5, unit: "kg" },
    dR: { base: 0.5, min: 0.1, max: 0.55, step: 0.05, unit: "m" },
  },
  // torques within 10 % of each other are a near-tie (an exact tie is an unstable balance,
  // the weights sitting above the pivot); the weights stay on the 0.6 m half-plank by the ranges
  constraint: ({ mL, dL, mR, dR }) => {
    const l = mL * dL;
    const r = mR * dR;
    return Math.abs(l - r) < 0.1 * Math.max(l, r) ? `the torques m·g·d (${fmt(l * G)} and ${fmt(r * G)} N·m) are within 10 %` : null;
  },
  world: ({ mL, dL, mR, dR }) => [
    { tag: "body", name: "object_2", attr: "pos", value: -dL, index: 0 },
    { tag: "geom", name: "weight_left", attr: "mass", value: mL },
    { tag: "body", name: "object_3", attr: "pos", value: dR, index: 0 },
    { tag: "geom", name: "weight_right", attr: "mass", value: mR },
  ],
  text: ({ mL, dL, mR, dR }) => [
    ["object_2 (2 kg) sits on the plank 0.3 m to the left", `object_2 (${fmt(mL)} kg) sits on the plank ${fmt(dL)} m to the left`],
    ["object_3 (1 kg) sits 0.5 m to the right", `object_3 (${fmt(mR)} kg) sits ${fmt(dR)} m to the right`],
    // the expected behaviour names what the agent finds
    ["finding that the left weight has dropped", `finding that the ${mL * dL > mR * dR ? "left" : "right"} weight has dropped`],
  ],
  procedure: ({ mL, dL, mR, dR }) => {
    const l = mL * G * dL;
    const r = mR * G * dR;
    return {
      summary: "read both weights' heights, step 0.3 s, read them again: 1 if the left end (−x) dropped, 2 if the right end dropped, 0 if balanced",
      *run() {
        const [l0, r0, , l1, r1] = yield [
          { tool: "get_position", parameters: { object_id: "object_2" } },
          { tool: "get_position", parameters: { object_id: "object_3" } },
          { tool: "step", parameters: { duration: 0.3 } },
          { tool: "get_position", parameters: { object_id: "object_2" } },
          { tool: "get_position", parameters: { object_id: "object_3" } },
        ];
        const z = (res: typeof l0) => (res.result!.position as number[])[2];
        const dl = z(l1) - z(l0);
        const dr = z(r1) - z(r0);
        if (Math.abs(dl) < 1e-3 && Math.abs(dr) < 1e-3) return 0;
        return dl < dr ? 1 : 2;
      },
      closedForm: {
        value: l > r ? 1 : 2,
        tolerance: 0,
        formula: `torques about the pivot: ${fmt(mL)} kg × g × ${fmt(dL)} m = ${l.toFixed(2)} N·m (left) ${l > r ? ">" : "<"} ${fmt(mR)} kg × g × ${fmt(dR)} m = ${r.toFixed(2)} N·m (right), so the ${l > r ? "left end drops (code 1)" : "right end drops (code 2)"}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
