import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { launch, mass, revealParameters, round } from "../procedures.ts";

const G = 9.81;

// Hidden object + projectile kinematics + momentum.
export const variation = defineVariation({
  parameters: {
    m: { base: 1.5, min: 0.3, max: 5, step: 0.1, unit: "kg" },
    h: { base: 5, min: 3, max: 10, step: 0.5, unit: "m" },
    v: { base: 3, min: 1, max: 8, step: 0.5, unit: "m/s" },
    t: { base: 0.6, min: 0.3, max: 1.2, step: 0.05, unit: "s" },
  },
  // still in the air when the momentum is read (and on the 10 m floor)
  constraint: ({ h, v, t }) => {
    if (0.5 * G * t * t > h - 0.4) return `the ball lands before ${fmt(t)} s`;
    return v * t > 9 ? `the ball would fly ${fmt(v * t)} m, past the floor's edge` : null;
  },
  world: ({ m, h }) => [
    { tag: "geom", name: "ball", attr: "mass", value: m },
    { tag: "body", name: "object_2", attr: "pos", index: 2, value: h },
  ],
  text: ({ h, v, t }) => [
    ["mid-air 5 m above", `mid-air ${fmt(h)} m above`],
    ["velocity of 3 m/s along +x", `velocity of ${fmt(v)} m/s along +x`],
    ["momentum 0.6 s after", `momentum ${fmt(t)} s after`],
    ["velocity to [3, 0, 0], step 0.6 s", `velocity to [${fmt(v)}, 0, 0], step ${fmt(t)} s`],
    ["velocity to [3, 0, 0], steps 0.6 s", `velocity to [${fmt(v)}, 0, 0], steps ${fmt(t)} s`],
  ],
  procedure: ({ m: mBall, v, t }) => ({
    summary: `find_objects, read the hidden ball's mass, set v = [${fmt(v)}, 0, 0], step ${
      fmt(t)
    } s, report |get_momentum|`,
    *run() {
      const m = mass(yield* revealParameters("object_2"));
      const [mo] = yield* launch("object_2", [v, 0, 0], t, [{
        tool: "get_momentum",
        parameters: { object_id: "object_2", mass: m },
      }]);
      const q = mo.result!.momentum as { x: number; y: number; z: number };
      return round(Math.hypot(q.x, q.y, q.z));
    },
    closedForm: {
      value: mBall * Math.hypot(v, G * t),
      tolerance: 0.02,
      formula: `|p| = m·√(v₀² + (g·t)²) = ${fmt(mBall)} × √(${fmt(v)}² + (9.81 × ${fmt(t)})²)`,
    },
  }),
});

export const reference = baseProcedure(variation);
