import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;
// the published files print 6 decimals
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const rad = (deg: number) => (deg * Math.PI) / 180;

// Rolling on an incline + moments of inertia: distance ratio (5/7)/(2/3) = 15/14.
// The ratio does not depend on angle, radius, masses or time, so every variant's gold stays
// near 15/14: the variants test that the agent measures rather than what it measures.
export const variation = defineVariation({
  parameters: {
    theta: { base: 15, min: 5, max: 30, step: 1, unit: "°" },
    r: { base: 0.1, min: 0.05, max: 0.2, step: 0.01, unit: "m" },
    t: { base: 1.5, min: 1, max: 2.5, step: 0.1, unit: "s" },
    m1: { base: 1, min: 0.5, max: 3, step: 0.5, unit: "kg" },
    m2: { base: 1, min: 0.5, max: 3, step: 0.5, unit: "kg" },
  },
  world: ({ theta, r, m1, m2 }) => {
    const th = rad(theta);
    const c = Math.cos(th / 2);
    const s = Math.sin(th / 2);
    const h = Math.SQRT1_2;
    // both touch the ramp at x = −2.5, their centres r along the ramp's normal
    const along = -2.5 / Math.cos(th);
    const x = r6(along * Math.cos(th) + r * Math.sin(th));
    const z = r6(-along * Math.sin(th) + r * Math.cos(th));
    return [
      { tag: "body", name: "object_3", attr: "quat", value: [r6(c), 0, r6(s), 0] },
      { tag: "body", name: "object_1", attr: "pos", value: [x, -0.4, z] },
      { tag: "body", name: "object_2", attr: "pos", value: [x, 0.4, z] },
      // the ramp's tilt composed with a quarter turn about x (the cylinder's axis along y)
      { tag: "body", name: "object_2", attr: "quat", value: [r6(c * h), r6(c * h), r6(s * h), r6(-s * h)] },
      { tag: "geom", name: "ball", attr: "size", value: r },
      { tag: "geom", name: "cylinder", attr: "size", index: 0, value: r },
      { tag: "geom", name: "ball", attr: "mass", value: m1 },
      { tag: "geom", name: "cylinder", attr: "mass", value: m2 },
    ];
  },
  text: ({ theta, r, t }) => [
    ["both of radius 0.1 m", `both of radius ${fmt(r)} m`],
    ["inclined at 15°", `inclined at ${fmt(theta)}°`],
    ["1.5 s after release", `${fmt(t)} s after release`],
    ["roll for 1.5 s", `roll for ${fmt(t)} s`],
    ["steps 1.5 s", `steps ${fmt(t)} s`],
  ],
  procedure: ({ t }) => ({
    summary: `step ${fmt(t)} s, report get_displacement(ball) / get_displacement(cylinder)`,
    *run() {
      const [, b, c] = yield [
        { tool: "step", parameters: { duration: t } },
        { tool: "get_displacement", parameters: { object_id: "object_1" } },
        { tool: "get_displacement", parameters: { object_id: "object_2" } },
      ];
      return r3((b.result!.displacement as number) / (c.result!.displacement as number));
    },
    closedForm: { value: 5 / 7 / (2 / 3), tolerance: 0.02, formula: "d_ball/d_cyl = (5/7)/(2/3) = 15/14" },
  }),
});

export const reference = baseProcedure(variation);
