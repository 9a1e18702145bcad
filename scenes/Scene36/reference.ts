// Set the two balls moving toward each other, then step one timestep at a time (in 0.2 s
// batches) with a collision check and ball A's position after each; the answer is A's x at the
// first contact.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { eachStep, position, round } from "../procedures.ts";

export const variation = defineVariation({
  parameters: {
    vA: { base: 1.2, min: 0.4, max: 2, step: 0.1, unit: "m/s" },
    vB: { base: 0.8, min: 0.3, max: 2, step: 0.1, unit: "m/s" },
    xA: { base: -1, min: -2, max: -0.5, step: 0.1, unit: "m" },
    xB: { base: 1.5, min: 0.5, max: 2.5, step: 0.1, unit: "m" },
  },
  // the balls meet within the 2.4 s the procedure follows; a meeting point near x = 0 is a
  // near-zero answer whose tolerance band is narrower than a timestep's travel
  constraint: ({ vA, vB, xA, xB }) => {
    const t = (xB - xA - 0.2) / (vA + vB);
    if (t > 2.2) return `the balls would meet only after ${fmt(t)} s`;
    const x = xA + vA * t;
    return Math.abs(x) < 0.15 ? `object_1 would be at x = ${fmt(x)} m when they touch, too near 0` : null;
  },
  world: ({ xA, xB }) => [
    { tag: "body", name: "object_1", attr: "pos", index: 0, value: xA },
    { tag: "body", name: "object_2", attr: "pos", index: 0, value: xB },
  ],
  text: ({ vA, vB }) => [
    ["velocity to (1.2, 0, 0) m/s", `velocity to (${fmt(vA)}, 0, 0) m/s`],
    ["object_2's to (-0.8, 0, 0) m/s", `object_2's to (${fmt(-vB)}, 0, 0) m/s`],
  ],
  procedure: ({ vA, vB, xA, xB }) => {
    const t = (xB - xA - 0.2) / (vA + vB);
    return {
      summary: `set v_A = (${fmt(vA)}, 0, 0), v_B = (−${
        fmt(vB)
      }, 0, 0); step one timestep at a time with detect_collision(A, B) and get_position(A); report A's x at first contact`,
      *run() {
        yield [
          { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [vA, 0, 0] } },
          { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [-vB, 0, 0] } },
        ];
        return yield* eachStep(
          [
            { tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } },
            { tool: "get_position", parameters: { object_id: "object_1" } },
          ],
          { batch: 40, maxBatches: 12, failure: "the balls never met" },
          ([c, p]) => (c.result!.collision_detected ? round(position(p)[0]) : undefined),
        );
      },
      closedForm: {
        value: xA + vA * t,
        tolerance: 0.02,
        formula: `contact when the gap ${fmt(xB - xA)} − 2r = ${fmt(xB - xA - 0.2)} m has closed at ${
          fmt(vA + vB)
        } m/s: t = ${fmt(t)} s, x_A = ${fmt(xA)} + ${fmt(vA)}·t`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
