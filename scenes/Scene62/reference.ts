import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { masses } from "../procedures.ts";

const r3 = (x: number) => Math.round(x * 1000) / 1000;
// the published files print 6 decimals
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const rad = (deg: number) => (deg * Math.PI) / 180;
const G = 9.81;

// Inclined plane + kinetic friction + energy bookkeeping: dissipated = PE lost − KE gained.
// The block's mass is not stated (the procedure reads it); angle, friction and time are.
export const variation = defineVariation({
  parameters: {
    theta: { base: 30, min: 20, max: 45, step: 1, unit: "°" },
    mu: { base: 0.2, min: 0.1, max: 0.4, step: 0.05, unit: "" },
    m: { base: 2, min: 0.5, max: 5, step: 0.5, unit: "kg" },
    t: { base: 1, min: 0.5, max: 2, step: 0.1, unit: "s" },
  },
  // "too small to hold it": the block must clearly slide
  constraint: ({ theta, mu }) => {
    const a = Math.sin(rad(theta)) - mu * Math.cos(rad(theta));
    return a < 0.1 ? `μ = ${fmt(mu)} nearly holds the block on ${fmt(theta)}° (sin θ − μ·cos θ = ${fmt(a)})` : null;
  },
  world: ({ theta, mu, m }) => {
    const th = rad(theta);
    const quat = [r6(Math.cos(th / 2)), 0, r6(Math.sin(th / 2)), 0];
    // the block's contact face centred on the ramp at x = −2, its centre 0.05 m (half its height) along the normal
    const along = -2 / Math.cos(th);
    return [
      { tag: "body", name: "object_2", attr: "quat", value: quat },
      { tag: "body", name: "object_1", attr: "quat", value: quat },
      { tag: "body", name: "object_1", attr: "pos", value: [r6(along * Math.cos(th) + 0.05 * Math.sin(th)), 0, r6(-along * Math.sin(th) + 0.05 * Math.cos(th))] },
      { tag: "geom", name: "block", attr: "mass", value: m },
      { tag: "geom", name: "block", attr: "friction", value: [mu, 0.005, 0.0001] },
      { tag: "geom", name: "ramp", attr: "friction", value: [mu, 0.005, 0.0001] },
    ];
  },
  text: ({ theta, mu, t }) => [
    ["inclined at 30°", `inclined at ${fmt(theta)}°`],
    ["kinetic friction coefficient between them is 0.2", `kinetic friction coefficient between them is ${fmt(mu)}`],
    ["1.0 s after release", `${t.toFixed(1)} s after release`],
    ["let it slide 1.0 s", `let it slide ${t.toFixed(1)} s`],
    ["steps 1.0 s", `steps ${t.toFixed(1)} s`],
  ],
  procedure: ({ theta, mu, m: M, t }) => {
    const th = rad(theta);
    const a = G * (Math.sin(th) - mu * Math.cos(th));
    return {
      summary: `read the mass and PE at t = 0, step ${t.toFixed(1)} s, report PE₀ − PE₁ − KE₁`,
      *run() {
        const [m] = yield* masses("object_1");
        const [u0, , u1, k1] = yield [
          { tool: "get_potential_energy", parameters: { object_id: "object_1", mass: m } },
          { tool: "step", parameters: { duration: t } },
          { tool: "get_potential_energy", parameters: { object_id: "object_1", mass: m } },
          { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
        ];
        return r3((u0.result!.potential_energy as number) - (u1.result!.potential_energy as number) - (k1.result!.kinetic_energy as number));
      },
      closedForm: {
        value: mu * M * G * Math.cos(th) * 0.5 * a * t ** 2,
        tolerance: 0.05,
        formula: `W_f = μ·m·g·cos θ·½·g·(sin θ − μ·cos θ)·t² with θ = ${fmt(theta)}°, μ = ${fmt(mu)}, m = ${fmt(M)} kg, t = ${fmt(t)} s`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
