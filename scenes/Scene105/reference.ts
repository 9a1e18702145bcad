// Spin the wheel, attach a created ball off-axis, and compare angular speed and energy.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { createWithMass, round, spinUp } from "../procedures.ts";

/** The ball's centre height: just above the wheel's top face (1.05 m). */
const zBall = (rb: number) => Number((1.05 + rb + 0.005).toFixed(6));

export const variation = defineVariation({
  parameters: {
    MW: { base: 4, min: 2, max: 8, step: 0.5, unit: "kg" },
    tau: { base: 1.8, min: 0.5, max: 4, step: 0.1, unit: "N·m" },
    d: { base: 0.25, min: 0.1, max: 0.25, step: 0.01, unit: "m" },
    rb: { base: 0.05, min: 0.03, max: 0.06, step: 0.01, unit: "m" },
    rho: { base: 2000, min: 1000, max: 5000, step: 500, unit: "kg/m³" },
  },
  // the ball sits on the wheel; the spin stays moderate
  constraint: ({ MW, tau, d, rb }) => {
    if (d + rb > 0.3) return `the ball at ${fmt(d)} m would overhang the wheel's 0.3 m rim`;
    const w = tau / (0.5 * MW * 0.09);
    return w > 30 ? `the wheel would spin at ${fmt(w)} rad/s` : null;
  },
  world: ({ MW }) => [{ tag: "geom", name: "wheel", attr: "mass", value: MW }],
  text: ({ tau, d, rb, rho }) => [
    ["torque of 1.8 N·m", `torque of ${fmt(tau)} N·m`],
    [
      "radius 0.05 m and density 2000 kg/m³ at (0.25, 0, 1.105) m, just above the wheel's top face 0.25 m from the axle",
      `radius ${fmt(rb)} m and density ${fmt(rho)} kg/m³ at (${fmt(d)}, 0, ${
        zBall(rb)
      }) m, just above the wheel's top face ${fmt(d)} m from the axle`,
    ],
  ],
  procedure: ({ MW, tau, d, rb, rho }) => {
    const I = 0.5 * MW * 0.3 ** 2;
    const M = rho * (4 / 3) * Math.PI * rb ** 3;
    const IB = M * d ** 2 + 0.4 * M * rb ** 2;
    return {
      summary: `torque ${
        fmt(tau)
      } N·m for 1 s, E₀; create the ball, attach, step 1 s; report [2E/L of the wheel, 1 − (E_wheel + KE_ball + E_rot,ball)/E₀]`,
      *run() {
        const before = yield* spinUp("object_1", [0, 0, tau], 1);
        const m = yield* createWithMass({ name: "ball", pos: [d, 0, zBall(rb)], density: rho, radius: rb });
        const [, , l, e, kb, rbr] = yield [
          { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "ball" } },
          { tool: "step", parameters: { duration: 1 } },
          { tool: "get_angular_momentum", parameters: { object_id: "object_1" } },
          { tool: "get_rotational_energy", parameters: { object_id: "object_1" } },
          { tool: "get_kinetic_energy", parameters: { object_id: "ball", mass: m } },
          { tool: "get_rotational_energy", parameters: { object_id: "ball" } },
        ];
        const L = (l.result!.angular_momentum as { z: number }).z;
        const E = e.result!.rotational_energy as number;
        const after = E + (kb.result!.kinetic_energy as number) + (rbr.result!.rotational_energy as number);
        return [round((2 * E) / L), round(1 - after / before)];
      },
      closedForm: {
        value: [(I * (tau / I)) / (I + IB), IB / (I + IB)],
        tolerance: 0.03,
        formula: `[Iω₀/(I + I_b), I_b/(I + I_b)] with I = ½·${fmt(MW)}·0.3², ω₀ = ${fmt(tau / I)}, I_b = m·${
          fmt(d)
        }² + (2/5)m·${fmt(rb)}², m = ${fmt(rho)}·(4/3)π·${fmt(rb)}³`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
