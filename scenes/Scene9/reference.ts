// Shove the crate at v0 along +x, let it slide t seconds, read its speed.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { launch, round, velocity } from "../procedures.ts";

const G = 9.81;

export const variation = defineVariation({
  parameters: {
    mu: { base: 0.4, min: 0.1, max: 0.4, step: 0.05, unit: "" },
    v0: { base: 5, min: 2, max: 6, step: 0.5, unit: "m/s" },
    t: { base: 0.6, min: 0.3, max: 1.2, step: 0.1, unit: "s" },
    m: { base: 4, min: 1, max: 10, step: 1, unit: "kg" },
  },
  // the crate must still be sliding at t (friction stops it after v0/(μ·g)), fast enough
  // that the question is not about the moment it stops. A hard shove on a rough floor
  // makes the simulated crate hop off the floor for a while (a soft-contact effect growing
  // with μ·v0), during which no friction acts: beyond the published μ·v0 the measured speed
  // no longer follows v0 − μ·g·t.
  constraint: ({ mu, v0, t }) => {
    if (mu * v0 > 2 + 1e-9) return `μ·v0 = ${fmt(mu * v0)} m/s: the shoved crate would hop off the floor`;
    const v = v0 - mu * G * t;
    return v < 1 ? `the crate would slow to ${fmt(v)} m/s by t = ${fmt(t)} s (stopped or about to stop)` : null;
  },
  world: ({ mu, m }) => [
    { tag: "geom", name: "floor", attr: "friction", value: mu, index: 0 },
    { tag: "geom", name: "crate", attr: "friction", value: mu, index: 0 },
    { tag: "geom", name: "crate", attr: "mass", value: m },
  ],
  text: ({ mu, v0, t }) => [
    ["kinetic friction between them is 0.4", `kinetic friction between them is ${fmt(mu)}`],
    ["a velocity of 5 m/s along +x", `a velocity of ${fmt(v0)} m/s along +x`],
    ["its speed 0.6 s later", `its speed ${fmt(t)} s later`],
    ["act for 0.6 s", `act for ${fmt(t)} s`],
    ["velocity to (5, 0, 0), steps the simulation by 0.6 s", `velocity to (${fmt(v0)}, 0, 0), steps the simulation by ${fmt(t)} s`],
  ],
  procedure: ({ mu, v0, t }) => ({
    summary: `set the crate's velocity to (${fmt(v0)}, 0, 0) m/s, step ${fmt(t)} s, report its speed`,
    *run() {
      const [v] = yield* launch("object_1", [v0, 0, 0], t, [{ tool: "get_velocity", parameters: { object_id: "object_1" } }]);
      const [vx, vy, vz] = velocity(v);
      return round(Math.hypot(vx, vy, vz));
    },
    closedForm: { value: v0 - mu * G * t, tolerance: 0.03, formula: `v = v0 − μ·g·t = ${fmt(v0)} − ${fmt(mu)} × 9.81 × ${fmt(t)}` },
  }),
});

export const reference = baseProcedure(variation);
