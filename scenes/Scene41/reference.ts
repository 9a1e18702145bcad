// Create the ball at the ledge's edge, launch it horizontally and step until it first touches
// the floor (coarse steps while far, then single timesteps with a collision check); the
// answer is the horizontal distance from the ledge's edge to the landing point.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { perStep, position, round, stepsWith, velocity } from "../procedures.ts";

const R = 0.05;
const G = 9.81;
/** The ledge's right edge (its half-width, centred on x = 0). */
const EDGE = 0.5;

export const variation = defineVariation({
  parameters: {
    H: { base: 1.0, min: 0.5, max: 1.6, step: 0.1, unit: "m" },
    v: { base: 3.1, min: 1.5, max: 4.5, step: 0.1, unit: "m/s" },
  },
  world: ({ H }) => [
    { tag: "body", name: "object_1", attr: "pos", value: H / 2, index: 2 },
    { tag: "geom", name: "ledge", attr: "size", value: H / 2, index: 2 },
  ],
  text: ({ H, v }) => [
    ["its top face is 1.0 m above the floor", `its top face is ${H.toFixed(1)} m above the floor`],
    ["centre at (0.5, 0, 1.05)", `centre at (0.5, 0, ${fmt(H + R)})`],
    ["velocity (3.1, 0, 0) m/s", `velocity (${fmt(v)}, 0, 0) m/s`],
  ],
  procedure: ({ H, v: v0 }) => ({
    summary: `create the ball at (0.5, 0, ${fmt(H)} + r), set v = (${fmt(v0)}, 0, 0), step until it touches the floor, report x − 0.5 at first contact`,
    *run() {
      yield [
        { tool: "create_objects", parameters: { name: "ball", pos: [EDGE, 0, H + R], radius: R, density: 1000 } },
        { tool: "set_velocity", parameters: { object_id: "ball", velocity_vector: [v0, 0, 0] } },
      ];
      let [p, v] = yield [
        { tool: "get_position", parameters: { object_id: "ball" } },
        { tool: "get_velocity", parameters: { object_id: "ball" } },
      ];
      for (;;) {
        const gap = position(p)[2] - R;
        const speed = Math.abs(velocity(v)[2]);
        if (gap > speed * 0.1 + 0.5 * G * 0.01 + 0.05) {
          [, p, v] = yield [
            { tool: "step", parameters: { duration: 0.1 } },
            { tool: "get_position", parameters: { object_id: "ball" } },
            { tool: "get_velocity", parameters: { object_id: "ball" } },
          ];
          continue;
        }
        const rs = yield stepsWith(30, [
          { tool: "detect_collision", parameters: { obj1_id: "ball", obj2_id: "object_2" } },
          { tool: "get_position", parameters: { object_id: "ball" } },
        ]);
        for (const [c, q] of perStep(rs, 2)) {
          if (c.result!.collision_detected) return round(position(q)[0] - EDGE);
        }
        throw new Error("no contact within the fine steps");
      }
    },
    closedForm: {
      value: v0 * Math.sqrt((2 * H) / G),
      tolerance: 0.03,
      formula: `d = v·√(2H/g) = ${fmt(v0)} × √(2 × ${H.toFixed(1)} / 9.81) (the ball's lowest point falls the ledge height H)`,
    },
  }),
});

export const reference = baseProcedure(variation);
