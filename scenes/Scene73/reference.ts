import { baseProcedure, defineVariation, fmt, fmt1 } from "../../engine/physment/variation/declare.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;

// Hidden object + inclined plane + kinetic friction: a = g·(sin θ − μ·cos θ).
const TH = (35 * Math.PI) / 180;

export const variation = defineVariation({
  parameters: {
    mu: { base: 0.3, min: 0.1, max: 0.4, step: 0.05, unit: "" },
    t: { base: 1, min: 0.5, max: 2.5, step: 0.1, unit: "s" },
    m: { base: 1, min: 0.3, max: 4, step: 0.1, unit: "kg" },
  },
  // speeds the soft contact slides at (and μ ≤ 0.4: above it the soft contact measurably undershoots μ·N)
  constraint: ({ mu, t }) => {
    const v = 9.81 * (Math.sin(TH) - mu * Math.cos(TH)) * t;
    return v > 12 ? `the block would reach ${fmt(v)} m/s` : null;
  },
  world: ({ mu, m }) => [
    { tag: "geom", name: "ramp", attr: "friction", index: 0, value: mu },
    { tag: "geom", name: "block", attr: "friction", index: 0, value: mu },
    { tag: "geom", name: "block", attr: "mass", value: m },
  ],
  text: ({ mu, t }) => [
    ["between block and ramp is 0.3", `between block and ramp is ${fmt(mu)}`],
    ["its speed 1.0 s later", `its speed ${fmt1(t)} s later`],
    ["slide for 1.0 s", `slide for ${fmt1(t)} s`],
    ["steps 1.0 s", `steps ${fmt1(t)} s`],
  ],
  procedure: ({ mu, t }) => ({
    summary: `find_objects, step ${fmt1(t)} s, report the hidden block's speed`,
    *run() {
      const [, , v] = yield [
        { tool: "find_objects", parameters: {} },
        { tool: "step", parameters: { duration: t } },
        { tool: "get_velocity", parameters: { object_id: "object_2" } },
      ];
      return r3(Math.hypot(...(v.result!.velocity as number[])));
    },
    closedForm: {
      value: 9.81 * (Math.sin(TH) - mu * Math.cos(TH)) * t,
      tolerance: 0.05,
      formula: `v = g·(sin θ − μ·cos θ)·t = 9.81 × (sin 35° − ${fmt(mu)}·cos 35°) × ${fmt1(t)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
