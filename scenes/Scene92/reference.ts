// Create the ball, bisect the launch speed until its first floor contact is at the target x,
// then read the kinetic energy at that contact.
import { baseProcedure, defineVariation, fmt, fmt1 } from "../../engine/physment/variation/declare.ts";
import type { ToolCall, ToolResult } from "../../engine/physment/protocol.ts";
import { bisect, masses, perStep, position, round, stepsWith } from "../procedures.ts";

const SUBSTEPS = 130;
const H = 1.4;

function trial(v: number, mass: number): ToolCall[] {
  return [
    { tool: "move_object", parameters: { object_id: "object_3", x: 0, y: 0, z: 1.5 } },
    { tool: "set_velocity", parameters: { object_id: "object_3", velocity_vector: [v, 0, 0] } },
    ...stepsWith(SUBSTEPS, [
      { tool: "detect_collision", parameters: { obj1_id: "object_3", obj2_id: "object_1" } },
      { tool: "get_position", parameters: { object_id: "object_3" } },
      { tool: "get_kinetic_energy", parameters: { object_id: "object_3", mass } },
    ]),
  ];
}

/** x and kinetic energy at the first contact of a trial. */
function firstContact(res: ToolResult[]): { x: number; ke: number } {
  for (const [hit, p, k] of perStep(res, 3, 2)) {
    if (hit.result!.collision_detected) return { x: position(p)[0], ke: k.result!.kinetic_energy as number };
  }
  throw new Error("no floor contact within the trial");
}

export const variation = defineVariation({
  parameters: {
    X: { base: 2, min: 1, max: 3.8, step: 0.1, unit: "m" },
    rho: { base: 1500, min: 500, max: 4000, step: 250, unit: "kg/m³" },
  },
  world: ({ X }) => [{ tag: "body", name: "object_2", attr: "pos", index: 0, value: X }],
  text: ({ X, rho }) => [
    ["density 1500 kg/m³", `density ${fmt(rho)} kg/m³`],
    ["x = 2.0 m", `x = ${fmt1(X)} m`],
  ],
  procedure: ({ X, rho }) => {
    const MASS = rho * (4 / 3) * Math.PI * 0.1 ** 3;
    return {
      summary:
        `create the sphere, bisect v₀ on [0, 8] over 11 trials (reset, launch, step 5 ms until floor contact, compare x with ${
          fmt1(X)
        }), then KE at contact for the found v₀`,
      *run() {
        yield [{
          tool: "create_objects",
          parameters: { name: "object_3", pos: [0, 0, 1.5], density: rho, radius: 0.1 },
        }];
        const [mass] = yield* masses("object_3");
        const [lo, hi] = yield* bisect(0, 8, 11, (v) => trial(v, mass), (res) => firstContact(res).x > X);
        const v0 = round((lo + hi) / 2);
        const { ke } = firstContact(yield trial(v0, mass));
        return [v0, round(ke, 2)];
      },
      closedForm: {
        value: [X / Math.sqrt((2 * H) / 9.81), 0.5 * MASS * ((X * X * 9.81) / (2 * H) + 2 * 9.81 * H)],
        tolerance: 0.02,
        formula: `[x/√(2h/g), ½m(v₀² + 2gh)] with x = ${fmt(X)}, h = 1.4, m = ${fmt(rho)}·(4/3)π·0.1³`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
