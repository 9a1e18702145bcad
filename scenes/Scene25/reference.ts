// Reveal the hidden flywheel, apply τ about its axle for Δt, read its rotational energy.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { round, spinUp } from "../procedures.ts";

export const variation = defineVariation({
  parameters: {
    tau: { base: 2, min: 0.5, max: 5, step: 0.5, unit: "N·m" },
    dt: { base: 0.6, min: 0.3, max: 1.5, step: 0.1, unit: "s" },
    m: { base: 4, min: 1, max: 8, step: 0.5, unit: "kg" },
    r: { base: 0.25, min: 0.15, max: 0.4, step: 0.05, unit: "m" },
  },
  // a spin the 5 ms steps follow (at most about 60 rad/s)
  constraint: ({ tau, dt, m, r }) => {
    const w = (tau * dt) / (0.5 * m * r * r);
    return w > 60 ? `the flywheel would spin at ${fmt(w)} rad/s` : null;
  },
  world: ({ m, r }) => [
    { tag: "geom", name: "flywheel", attr: "size", index: 0, value: r },
    { tag: "geom", name: "flywheel", attr: "mass", value: m },
  ],
  text: ({ tau, dt }) => [
    [
      "torque of 2 N·m about the vertical (+z) axis to the flywheel for 0.6 s",
      `torque of ${fmt(tau)} N·m about the vertical (+z) axis to the flywheel for ${fmt(dt)} s`,
    ],
    ["apply the torque for 0.6 s", `apply the torque for ${fmt(dt)} s`],
    ["applies (0, 0, 2) N·m for 0.6 s", `applies (0, 0, ${fmt(tau)}) N·m for ${fmt(dt)} s`],
  ],
  procedure: ({ tau, dt, m, r }) => ({
    summary: `find_objects, apply (0, 0, ${fmt(tau)}) N·m to the hidden flywheel for ${
      fmt(dt)
    } s, report its rotational energy`,
    *run() {
      yield [{ tool: "find_objects", parameters: {} }];
      return round(yield* spinUp("object_2", [0, 0, tau], dt));
    },
    closedForm: {
      value: (tau * dt) ** 2 / (2 * 0.5 * m * r ** 2),
      tolerance: 0.02,
      formula: `E = (τ·Δt)²/(2I), I = ½·m·r² = ½ × ${fmt(m)} × ${fmt(r)}², τ = ${fmt(tau)} N·m, Δt = ${fmt(dt)} s`,
    },
  }),
});

export const reference = baseProcedure(variation);
