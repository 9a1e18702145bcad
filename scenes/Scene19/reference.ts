// Create a ball (radius r, density ρ) just over the platform edge, throw it horizontally at vx,
// read its momentum t later.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { createWithMass, launch, round } from "../procedures.ts";

const G = 9.81;
/** The platform's top and the gap kept between it and the ball (beyond its edge and above its top). */
const TOP = 2.5;
const GAP = 0.05;
const massOf = (r: number, rho: number) => rho * (4 / 3) * Math.PI * r ** 3;
/** The ball's start: clear of the edge at x = 0 and level with the top, GAP away from both. */
const start = (r: number) => [round(GAP + r), 0, round(TOP + GAP + r)];

export const variation = defineVariation({
  parameters: {
    r: { base: 0.05, min: 0.03, max: 0.1, step: 0.01, unit: "m" },
    rho: { base: 1000, min: 500, max: 8000, step: 500, unit: "kg/m³" },
    vx: { base: 4, min: 1, max: 8, step: 0.5, unit: "m/s" },
    t: { base: 0.5, min: 0.2, max: 0.65, step: 0.05, unit: "s" },
  },
  // the ball must still be in the air at t (its bottom starts TOP + GAP above the floor)
  constraint: ({ t }) => {
    const land = Math.sqrt((2 * (TOP + GAP)) / G);
    return t > land - 0.05 ? `the ball lands after ${fmt(land)} s, before t = ${fmt(t)} s` : null;
  },
  world: () => [],
  text: ({ r, rho, vx, t }) => {
    const [x, , z] = start(r);
    return [
      ["radius 0.05 m and density 1000 kg/m³ at position (0.1, 0, 2.6)", `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³ at position (${fmt(x)}, 0, ${fmt(z)})`],
      ["a velocity of 4 m/s along +x", `a velocity of ${fmt(vx)} m/s along +x`],
      ["0.5 s after the throw", `${fmt(t)} s after the throw`],
      ["fly for 0.5 s", `fly for ${fmt(t)} s`],
      ["velocity to (4, 0, 0), steps 0.5 s", `velocity to (${fmt(vx)}, 0, 0), steps ${fmt(t)} s`],
    ];
  },
  procedure: ({ r, rho, vx, t }) => {
    const pos = start(r);
    return {
      summary: `create the ball at (${pos.map(fmt).join(", ")}), set its velocity to (${fmt(vx)}, 0, 0), step ${fmt(t)} s, report |momentum| using its mass`,
      *run() {
        const mass = yield* createWithMass({ name: "ball", pos, radius: r, density: rho });
        const [p] = yield* launch("ball", [vx, 0, 0], t, [{ tool: "get_momentum", parameters: { object_id: "ball", mass } }]);
        const { x, y, z } = p.result!.momentum as { x: number; y: number; z: number };
        return round(Math.hypot(x, y, z));
      },
      closedForm: {
        value: massOf(r, rho) * Math.hypot(vx, G * t),
        tolerance: 0.02,
        formula: `|p| = m·√(vx² + (g·t)²), m = ${fmt(rho)}·(4/3)·π·${fmt(r)}³, vx = ${fmt(vx)} m/s, t = ${fmt(t)} s`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
