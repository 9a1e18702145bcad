import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { round, spinUp } from "../procedures.ts";

// Rotational dynamics (τ = I·α) + rotational kinetic energy.
export const variation = defineVariation({
  parameters: {
    m: { base: 4, min: 1, max: 8, step: 0.5, unit: "kg" },
    r: { base: 0.25, min: 0.15, max: 0.4, step: 0.05, unit: "m" },
    tau: { base: 2, min: 0.5, max: 5, step: 0.5, unit: "N·m" },
    t: { base: 1.5, min: 0.5, max: 2.5, step: 0.1, unit: "s" },
  },
  // a spin the 5 ms steps follow (at most about 60 rad/s)
  constraint: ({ m, r, tau, t }) => {
    const w = (tau * t) / (0.5 * m * r * r);
    return w > 60 ? `the turntable would spin at ${fmt(w)} rad/s` : null;
  },
  world: ({ m, r }) => [
    { tag: "geom", name: "turntable", attr: "size", index: 0, value: r },
    { tag: "geom", name: "turntable", attr: "mass", value: m },
  ],
  text: ({ m, r, tau, t }) => [
    ["mass 4 kg and radius 0.25 m", `mass ${fmt(m)} kg and radius ${fmt(r)} m`],
    [
      "torque of 2 N·m about the vertical (+z) axis is applied for 1.5 s",
      `torque of ${fmt(tau)} N·m about the vertical (+z) axis is applied for ${fmt(t)} s`,
    ],
    ["torque [0, 0, 2] N·m for 1.5 s", `torque [0, 0, ${fmt(tau)}] N·m for ${fmt(t)} s`],
    ["torque of [0, 0, 2] with a duration of 1.5 s", `torque of [0, 0, ${fmt(tau)}] with a duration of ${fmt(t)} s`],
  ],
  procedure: ({ m, r, tau, t }) => ({
    summary: `apply torque [0, 0, ${fmt(tau)}] N·m for ${fmt(t)} s, report get_rotational_energy`,
    *run() {
      return round(yield* spinUp("object_1", [0, 0, tau], t));
    },
    closedForm: {
      value: (tau * t) ** 2 / (2 * 0.5 * m * r ** 2),
      tolerance: 0.02,
      formula: `E = (τ·t)²/(2I), I = ½·m·r² = (${fmt(tau)} × ${fmt(t)})²/(2 × ${fmt(0.5 * m * r * r)})`,
    },
  }),
});

export const reference = baseProcedure(variation);
