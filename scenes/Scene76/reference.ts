// Throw the ball horizontally, step one timestep at a time (in batches) until it touches the
// floor, and report the horizontal distance and the speed at the first contact.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { eachStep, position, round, velocity } from "../procedures.ts";

const BATCH = 20;

// The release height and the ball's mass (neither stated in the task) and the throw's speed vary.
export const variation = defineVariation({
  parameters: {
    V0: { base: 3, min: 1, max: 6, step: 0.5, unit: "m/s" },
    H: { base: 1.25, min: 0.6, max: 3, step: 0.05, unit: "m" },
    m: { base: 0.2, min: 0.1, max: 1, step: 0.1, unit: "kg" },
  },
  world: ({ H, m }) => [
    { tag: "body", name: "object_1", attr: "pos", index: 2, value: H },
    { tag: "geom", name: "ball", attr: "mass", value: m },
  ],
  text: ({ V0 }) => [
    ["velocity of 3 m/s along +x", `velocity of ${fmt(V0)} m/s along +x`],
    ["velocity to [3, 0, 0]", `velocity to [${fmt(V0)}, 0, 0]`],
  ],
  procedure: ({ V0, H }) => ({
    summary: `set v = [${
      fmt(V0)
    },0,0], step 5 ms at a time with collision checks until the ball touches the floor, report [x distance, speed] at first contact`,
    *run() {
      const [p0] = yield [
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [V0, 0, 0] } },
      ];
      const x0 = position(p0)[0];
      return yield* eachStep(
        [
          { tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        ],
        { batch: BATCH, maxBatches: 15, failure: "the ball never reached the floor" },
        ([c, p, vr]) => {
          if (!c.result!.collision_detected) return undefined;
          const v = velocity(vr);
          return [round(position(p)[0] - x0), round(Math.hypot(v[0], v[1], v[2]))];
        },
      );
    },
    closedForm: {
      value: [V0 * Math.sqrt((2 * (H - 0.05)) / 9.81), Math.sqrt(V0 * V0 + 2 * 9.81 * (H - 0.05))],
      tolerance: 0.03,
      formula: `[v₀·√(2h/g), √(v₀² + 2gh)] with v₀ = ${fmt(V0)}, h = ${fmt(H - 0.05)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
