// Launch the ball at (vx, 0, vz) from height z0, let it fly t seconds, read its height.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { launch, position, round } from "../procedures.ts";

const G = 9.81;

export const variation = defineVariation({
  parameters: {
    z0: { base: 4, min: 2, max: 8, step: 1, unit: "m" },
    vx: { base: 3, min: 1, max: 6, step: 1, unit: "m/s" },
    vz: { base: 7, min: 2, max: 10, step: 1, unit: "m/s" },
    t: { base: 1.1, min: 0.4, max: 2, step: 0.1, unit: "s" },
  },
  // the ball must still be in flight at t, high enough that the 5 ms timestep's drift
  // (½·g·t·Δt) stays well inside the closed form's 2 % tolerance
  constraint: ({ z0, vz, t }) => {
    const z = z0 + vz * t - 0.5 * G * t * t;
    return z < Math.max(1.5, 2 * t) ? `the ball is only ${fmt(z)} m up at t = ${fmt(t)} s (landed or about to land)` : null;
  },
  world: ({ z0 }) => [{ tag: "body", name: "object_1", attr: "pos", value: z0, index: 2 }],
  text: ({ z0, vx, vz, t }) => [
    ["held at rest 4 m above the ground", `held at rest ${fmt(z0)} m above the ground`],
    [
      "with velocity (3, 0, 7) m/s (3 m/s horizontally along +x, 7 m/s upward)",
      `with velocity (${fmt(vx)}, 0, ${fmt(vz)}) m/s (${fmt(vx)} m/s horizontally along +x, ${fmt(vz)} m/s upward)`,
    ],
    ["1.1 s after launch", `${fmt(t)} s after launch`],
    ["fly for 1.1 s", `fly for ${fmt(t)} s`],
    ["velocity to (3, 0, 7)", `velocity to (${fmt(vx)}, 0, ${fmt(vz)})`],
    ["the simulation by 1.1 s", `the simulation by ${fmt(t)} s`],
  ],
  procedure: ({ z0, vx, vz, t }) => ({
    summary: `set the ball's velocity to (${fmt(vx)}, 0, ${fmt(vz)}) m/s, step ${fmt(t)} s, report its height z`,
    *run() {
      const [p] = yield* launch("object_1", [vx, 0, vz], t, [{ tool: "get_position", parameters: { object_id: "object_1" } }]);
      return round(position(p)[2]);
    },
    closedForm: {
      value: z0 + vz * t - 0.5 * G * t * t,
      tolerance: 0.02,
      formula: `z = z0 + vz·t − ½·g·t² = ${fmt(z0)} + ${fmt(vz)} × ${fmt(t)} − ½ × 9.81 × ${fmt(t)}²`,
    },
  }),
});

export const reference = baseProcedure(variation);
