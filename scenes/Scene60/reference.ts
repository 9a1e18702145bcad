import { baseProcedure, defineVariation, fmt, fmt1 } from "../../engine/physment/variation/declare.ts";
import { launch, masses, round } from "../procedures.ts";

const G = 9.81;

// Kinetic friction + impulse–momentum: p = m·(v₀ − μ·g·t).
export const variation = defineVariation({
  parameters: {
    mu: { base: 0.25, min: 0.1, max: 0.4, step: 0.05, unit: "" },
    v0: { base: 4, min: 2, max: 6, step: 0.5, unit: "m/s" },
    t: { base: 1, min: 0.3, max: 1.5, step: 0.1, unit: "s" },
    m: { base: 3, min: 1, max: 8, step: 0.5, unit: "kg" },
  },
  // still sliding clearly at t, at speeds (and μ·v₀) the soft contact slides at
  constraint: ({ mu, v0, t }) => {
    const v = v0 - mu * G * t;
    if (v < 0.8) return `the block would have (nearly) stopped by ${fmt1(t)} s`;
    return mu * v0 > 1.5 ? `μ·v₀ = ${fmt(mu * v0)} makes the block judder instead of slide` : null;
  },
  world: ({ mu, m }) => [
    { tag: "geom", name: "floor", attr: "friction", index: 0, value: mu },
    { tag: "geom", name: "block", attr: "friction", index: 0, value: mu },
    { tag: "geom", name: "block", attr: "mass", value: m },
  ],
  text: ({ mu, v0, t }) => [
    ["between them is 0.25", `between them is ${fmt(mu)}`],
    ["velocity of 4 m/s along +x", `velocity of ${fmt(v0)} m/s along +x`],
    ["momentum 1.0 s later", `momentum ${fmt1(t)} s later`],
    ["velocity to [4, 0, 0], let it slide 1.0 s", `velocity to [${fmt(v0)}, 0, 0], let it slide ${fmt1(t)} s`],
    ["velocity to [4, 0, 0], steps 1.0 s", `velocity to [${fmt(v0)}, 0, 0], steps ${fmt1(t)} s`],
  ],
  procedure: ({ mu, v0, t, m: M }) => ({
    summary: `read the mass, set v = [${fmt(v0)}, 0, 0], step ${fmt1(t)} s, report |get_momentum|`,
    *run() {
      const [m] = yield* masses("object_1");
      const [mo] = yield* launch("object_1", [v0, 0, 0], t, [{
        tool: "get_momentum",
        parameters: { object_id: "object_1", mass: m },
      }]);
      const q = mo.result!.momentum as { x: number; y: number; z: number };
      return round(Math.hypot(q.x, q.y, q.z));
    },
    closedForm: {
      value: M * (v0 - mu * G * t),
      tolerance: 0.05,
      formula: `p = m·(v₀ − μ·g·t) = ${fmt(M)} × (${fmt(v0)} − ${fmt(mu)} × 9.81 × ${fmt1(t)})`,
    },
  }),
});

export const reference = baseProcedure(variation);
