// Create the ball, bisect the upward force that lifts it off the floor, then apply k times that
// force for 1 s from rest and measure the rise.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { bisect, position, round } from "../procedures.ts";

const massOf = (r: number, rho: number) => rho * (4 / 3) * Math.PI * r ** 3;

export const variation = defineVariation({
  parameters: {
    r: { base: 0.15, min: 0.1, max: 0.2, step: 0.01, unit: "m" },
    rho: { base: 800, min: 300, max: 1500, step: 50, unit: "kg/m³" },
    k: { base: 1.5, min: 1.2, max: 2.5, step: 0.1, unit: "" },
  },
  // the weight lies inside the search's [0, 300] N
  constraint: (
    { r, rho },
  ) => (massOf(r, rho) * 9.81 > 270
    ? `the weight ${fmt(massOf(r, rho) * 9.81)} N lies too near the search's 300 N`
    : null),
  world: () => [],
  text: ({ r, rho, k }) => [
    ["radius 0.15 m and density 800 kg/m³", `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³`],
    ["centre at (0, 0, 0.15) m", `centre at (0, 0, ${fmt(r)}) m`],
    ["force 1.5 times that large", `force ${fmt(k)} times that large`],
    ["apply 1.5 times the threshold", `apply ${fmt(k)} times the threshold`],
    ["back to (0, 0, 0.15)", `back to (0, 0, ${fmt(r)})`],
    ["applies 1.5 times the threshold", `applies ${fmt(k)} times the threshold`],
  ],
  procedure: ({ r, rho, k }) => ({
    summary:
      `create the sphere on the floor; bisect F on [0, 300] N over 12 trials (reset at rest, push up 0.5 s, lifted if Δz > 3 mm); then ${
        fmt(k)
      }·F for 1 s from rest, report [F, Δz]`,
    *run() {
      yield [{ tool: "create_objects", parameters: { name: "object_2", pos: [0, 0, r], density: rho, radius: r } }];
      const reset = [
        { tool: "move_object", parameters: { object_id: "object_2", x: 0, y: 0, z: r } },
        { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [0, 0, 0] } },
      ];
      const [lo, hi] = yield* bisect(0, 300, 12, (f) => [
        ...reset,
        { tool: "get_position", parameters: { object_id: "object_2" } },
        { tool: "apply_force", parameters: { object_id: "object_2", force_vector: [0, 0, f], duration: 0.5 } },
        { tool: "get_position", parameters: { object_id: "object_2" } },
      ], (res) => position(res[4])[2] - position(res[2])[2] > 0.003);
      const force = round((lo + hi) / 2, 2);
      const res = yield [
        ...reset,
        { tool: "get_position", parameters: { object_id: "object_2" } },
        { tool: "apply_force", parameters: { object_id: "object_2", force_vector: [0, 0, k * force], duration: 1 } },
        { tool: "get_position", parameters: { object_id: "object_2" } },
      ];
      const rise = (res[4].result!.position as number[])[2] - (res[2].result!.position as number[])[2];
      return [force, Math.round(rise * 1000) / 1000];
    },
    closedForm: {
      value: [massOf(r, rho) * 9.81, 0.5 * (k - 1) * 9.81],
      tolerance: 0.02,
      formula: `[mg, ½((k − 1)g)t²] with m = ${fmt(rho)}·(4/3)π·${fmt(r)}³, k = ${fmt(k)}, t = 1`,
    },
  }),
});

export const reference = baseProcedure(variation);
