// Create a ball (radius r, density ρ) 10 m up, apply a torque τ about z for Δt, read its rotational energy.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { round, spinUp } from "../procedures.ts";

/** The moment of inertia (2/5)·m·r² of a solid sphere with m = ρ·(4/3)·π·r³. */
const inertia = (r: number, rho: number) => 0.4 * rho * (4 / 3) * Math.PI * r ** 3 * r ** 2;

export const variation = defineVariation({
  parameters: {
    r: { base: 0.1, min: 0.08, max: 0.14, step: 0.01, unit: "m" },
    rho: { base: 1000, min: 500, max: 3000, step: 100, unit: "kg/m³" },
    tau: { base: 0.5, min: 0.1, max: 2, step: 0.1, unit: "N·m" },
    dt: { base: 0.4, min: 0.1, max: 1, step: 0.1, unit: "s" },
  },
  // a small light ball spun up to hundreds of rad/s is not a sensible experiment; an energy
  // below 0.05 J would lose its precision to the answer's three decimals
  constraint: ({ r, rho, tau, dt }) => {
    const I = inertia(r, rho);
    const omega = (tau * dt) / I;
    if (omega > 60) return `ω = ${fmt(omega)} rad/s at the end of the torque`;
    const E = (tau * dt) ** 2 / (2 * I);
    return E < 0.05 ? `the rotational energy ${fmt(E)} J is too small to report to three decimals` : null;
  },
  world: () => [],
  text: ({ r, rho, tau, dt }) => [
    ["radius 0.1 m and density 1000 kg/m³", `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³`],
    ["a torque of 0.5 N·m about the vertical (+z) axis to it for 0.4 s", `a torque of ${fmt(tau)} N·m about the vertical (+z) axis to it for ${fmt(dt)} s`],
    ["at the end of the 0.4 s", `at the end of the ${fmt(dt)} s`],
    ["with the torque for 0.4 s", `with the torque for ${fmt(dt)} s`],
    ["the torque (0, 0, 0.5) N·m for 0.4 s", `the torque (0, 0, ${fmt(tau)}) N·m for ${fmt(dt)} s`],
  ],
  procedure: ({ r, rho, tau, dt }) => ({
    summary: `create the ball at (0, 0, 10), apply a (0, 0, ${fmt(tau)}) N·m torque for ${fmt(dt)} s, report its rotational energy`,
    *run() {
      return round(yield* spinUp("ball", [0, 0, tau], dt, [
        { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 10], radius: r, density: rho } },
      ]));
    },
    closedForm: {
      value: (tau * dt) ** 2 / (2 * inertia(r, rho)),
      tolerance: 0.02,
      formula: `E = L²/(2I), L = τ·Δt = ${fmt(tau)} × ${fmt(dt)}, I = (2/5)·m·r² with m = ${fmt(rho)}·(4/3)·π·${fmt(r)}³`,
    },
  }),
});

export const reference = baseProcedure(variation);
