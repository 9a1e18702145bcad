import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { launch, masses, round } from "../procedures.ts";

const G = 9.81;

// Vertical projectile (kinematics) + energy conservation: PE at the apex = m·g·h₀ + ½·m·v₀².
export const variation = defineVariation({
  parameters: {
    m: { base: 0.4, min: 0.1, max: 2, step: 0.1, unit: "kg" },
    h0: { base: 1, min: 0.5, max: 3, step: 0.5, unit: "m" },
    v0: { base: 8, min: 3, max: 12, step: 0.5, unit: "m/s" },
  },
  world: ({ m, h0 }) => [
    { tag: "geom", name: "ball", attr: "mass", value: m },
    { tag: "body", name: "object_1", attr: "pos", index: 2, value: h0 },
  ],
  text: ({ h0, v0 }) => [
    ["held at rest 1 m above", `held at rest ${fmt(h0)} m above`],
    ["speed of 8 m/s", `speed of ${fmt(v0)} m/s`],
    ["velocity to [0, 0, 8]", `velocity to [0, 0, ${fmt(v0)}]`],
    ["(t = 8/9.81 s)", `(t = ${fmt(v0)}/9.81 s)`],
    ["steps about 0.82 s", `steps about ${(v0 / G).toFixed(2)} s`],
    ["m·g·(1 + v²/(2g))", `m·g·(${fmt(h0)} + v²/(2g))`],
  ],
  procedure: ({ m: mBall, h0, v0 }) => ({
    summary: `read the mass, set v = [0, 0, ${fmt(v0)}], step ${fmt(v0)}/9.81 s, report get_potential_energy`,
    *run() {
      const [m] = yield* masses("object_1");
      const [u] = yield* launch("object_1", [0, 0, v0], v0 / G, [{
        tool: "get_potential_energy",
        parameters: { object_id: "object_1", mass: m },
      }]);
      return round(u.result!.potential_energy as number);
    },
    closedForm: {
      value: mBall * G * h0 + 0.5 * mBall * v0 ** 2,
      tolerance: 0.02,
      formula: `PE = m·g·h₀ + ½·m·v₀² = ${fmt(mBall)} × 9.81 × ${fmt(h0)} + ½ × ${fmt(mBall)} × ${fmt(v0)}²`,
    },
  }),
});

export const reference = baseProcedure(variation);
