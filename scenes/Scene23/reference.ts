// Reveal the hidden block, let it slide t down the incline, read how far it moved.
import { baseProcedure, defineVariation, fmt, fmt1 } from "../../engine/physment/variation/declare.ts";

const th = (25 * Math.PI) / 180;
const slid = (mu: number, t: number) => 0.5 * 9.81 * (Math.sin(th) - mu * Math.cos(th)) * t ** 2;

export const variation = defineVariation({
  parameters: {
    mu: { base: 0.2, min: 0.05, max: 0.35, step: 0.05, unit: "" },
    t: { base: 1, min: 0.5, max: 1.5, step: 0.1, unit: "s" },
    m: { base: 1, min: 0.5, max: 4, step: 0.5, unit: "kg" },
  },
  // the block stays on the incline's slope: about 2 m below its start the plank meets the
  // ground, where the block would run onto the ground instead
  constraint: (
    { mu, t },
  ) => (slid(mu, t) > 1.9 ? `the block would slide ${fmt(slid(mu, t))} m, onto the ground at the incline's foot` : null),
  world: ({ mu, m }) => [
    { tag: "geom", name: "incline", attr: "friction", index: 0, value: mu },
    { tag: "geom", name: "block", attr: "friction", index: 0, value: mu },
    { tag: "geom", name: "block", attr: "mass", value: m },
  ],
  text: ({ mu, t }) => [
    ["between block and incline is 0.2", `between block and incline is ${fmt(mu)}`],
    ["moved 1.0 s after release", `moved ${fmt1(t)} s after release`],
    ["slide for 1.0 s", `slide for ${fmt1(t)} s`],
    ["simulation by 1.0 s", `simulation by ${fmt1(t)} s`],
  ],
  procedure: ({ mu, t }) => ({
    summary: `find_objects, step ${fmt1(t)} s, report the hidden block's displacement`,
    *run() {
      yield [{ tool: "find_objects", parameters: {} }];
      const [, d] = yield [
        { tool: "step", parameters: { duration: t } },
        { tool: "get_displacement", parameters: { object_id: "object_3" } },
      ];
      return Math.round((d.result!.displacement as number) * 1000) / 1000;
    },
    closedForm: {
      value: slid(mu, t),
      tolerance: 0.04,
      formula: `d = ½·g·(sin θ − μ·cos θ)·t², θ = 25°, μ = ${fmt(mu)}, t = ${fmt1(t)} s`,
    },
  }),
});

export const reference = baseProcedure(variation);
