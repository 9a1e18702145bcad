import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { round, spinUp } from "../procedures.ts";

const inertia = (r: number, rho: number) => 0.4 * rho * (4 / 3) * Math.PI * r ** 3 * r ** 2;

// Object creation + rotational dynamics (angular impulse τ·t) + rotational energy L²/(2I).
export const variation = defineVariation({
  parameters: {
    // I grows as ρr⁵: ranges narrow enough that most draws spin at a followable, readable rate
    r: { base: 0.1, min: 0.08, max: 0.14, step: 0.01, unit: "m" },
    rho: { base: 1000, min: 500, max: 2000, step: 100, unit: "kg/m³" },
    tau: { base: 0.1, min: 0.05, max: 0.3, step: 0.01, unit: "N·m" },
  },
  // a spin the 5 ms steps follow (at most about 60 rad/s), and an energy the three decimals resolve
  constraint: ({ r, rho, tau }) => {
    const w = tau / inertia(r, rho);
    if (w > 60) return `the spinner would turn at ${fmt(w)} rad/s`;
    const e = tau * tau / (2 * inertia(r, rho));
    return e < 0.05 ? `the energy ${fmt(e)} J is too small to report to three decimals` : null;
  },
  world: () => [],
  text: ({ r, rho, tau }) => [
    ["radius 0.1 m and density 1000 kg/m³", `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³`],
    ["torque of 0.1 N·m", `torque of ${fmt(tau)} N·m`],
    ["torque [0, 0, 0.1] N·m", `torque [0, 0, ${fmt(tau)}] N·m`],
    ["torque of [0, 0, 0.1] with", `torque of [0, 0, ${fmt(tau)}] with`],
  ],
  procedure: ({ r, rho, tau }) => ({
    summary: `create the spinner (r ${fmt(r)} m, ${fmt(rho)} kg/m³) at (0, 0, 10), apply torque [0, 0, ${
      fmt(tau)
    }] N·m for 1.0 s, report get_rotational_energy`,
    *run() {
      return round(
        yield* spinUp("spinner", [0, 0, tau], 1.0, [
          { tool: "create_objects", parameters: { name: "spinner", pos: [0, 0, 10], density: rho, radius: r } },
        ]),
      );
    },
    closedForm: {
      value: (tau * 1.0) ** 2 / (2 * inertia(r, rho)),
      tolerance: 0.02,
      formula: `E = (τ·t)²/(2·I), I = (2/5)·m·r², m = ${fmt(rho)}·(4/3)π·${fmt(r)}³`,
    },
  }),
});

export const reference = baseProcedure(variation);
