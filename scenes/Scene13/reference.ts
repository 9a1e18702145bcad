// Release the pendulum and read the bob's speed a quarter period later, when it passes the bottom.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const G = 9.81;
/** The pivot's height (fixed: the support hangs there). */
const PIVOT = 2;
/** To 1e-7 m, as the published file writes the bob's position. */
const r7 = (x: number) => Number(x.toFixed(7));

export const variation = defineVariation({
  parameters: {
    L: { base: 1, min: 0.4, max: 1.8, step: 0.1, unit: "m" },
    theta: { base: 0.1, min: 0.05, max: 0.3, step: 0.05, unit: "rad" },
    m: { base: 1, min: 0.5, max: 3, step: 0.5, unit: "kg" },
  },
  world: ({ L, theta, m }) => [
    // the bob's centre L from the pivot at angle θ; the hinge L above it in the body frame
    { tag: "body", name: "object_1", attr: "pos", value: [r7(-L * Math.sin(theta)), 0, r7(PIVOT - L * Math.cos(theta))] },
    { tag: "body", name: "object_1", attr: "euler", value: [0, theta, 0] },
    { tag: "joint", name: "object_1_joint", attr: "pos", value: [0, 0, L] },
    { tag: "geom", name: "rod", attr: "fromto", value: [0, 0, 0.05, 0, 0, L] },
    { tag: "geom", name: "bob", attr: "mass", value: m },
  ],
  text: ({ L, theta, m }) => [
    ["(object_1, 1 kg) hangs on a light rod of length 1 m", `(object_1, ${fmt(m)} kg) hangs on a light rod of length ${fmt(L)} m`],
    ["0.1 rad from the vertical", `${fmt(theta)} rad from the vertical`],
    ["(π/2)·√(L/g) ≈ 0.50 s", `(π/2)·√(L/g) ≈ ${((Math.PI / 2) * Math.sqrt(L / G)).toFixed(2)} s`],
  ],
  procedure: ({ L, theta }) => {
    // a quarter of the small-angle period, on the 5 ms grid: at the bottom the speed is
    // stationary, so the amplitude's lengthening of the period hardly matters
    const quarter = (Math.PI / 2) * Math.sqrt(L / G);
    const duration = Math.round(quarter * 200) / 200;
    return {
      summary: `step a quarter period (π/2·√(L/g) ≈ ${quarter.toFixed(2)} s), report the bob's speed at the lowest point`,
      *run() {
        const [, v] = yield [
          { tool: "step", parameters: { duration } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        ];
        const [vx, vy, vz] = v.result!.velocity as number[];
        return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
      },
      closedForm: {
        value: Math.sqrt(2 * G * L * (1 - Math.cos(theta))),
        tolerance: 0.03,
        formula: `v = √(2·g·L·(1 − cos θ0)), L = ${fmt(L)} m, θ0 = ${fmt(theta)} rad (energy conservation; the bottom is reached after T/4 = (π/2)·√(L/g) ≈ ${quarter.toFixed(2)} s)`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
