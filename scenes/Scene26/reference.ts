// Release the ball and step until it first touches the floor: 0.1 s steps while the ball
// cannot reach the floor within the next step, then single timesteps with a collision check
// after each; the answer is the simulation time of the first contact.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { perStep, position, round, stepsWith, velocity } from "../procedures.ts";

// The drop height and the ball's mass, neither stated in the task, vary.
export const variation = defineVariation({
  parameters: {
    h: { base: 4, min: 1.5, max: 10, step: 0.5, unit: "m" },
    m: { base: 0.4, min: 0.1, max: 2, step: 0.1, unit: "kg" },
  },
  world: ({ h, m }) => [
    { tag: "body", name: "object_1", attr: "pos", index: 2, value: h },
    { tag: "geom", name: "ball", attr: "mass", value: m },
  ],
  text: () => [],
  procedure: ({ h }) => ({
    summary:
      "step 0.1 s at a time while the ball cannot reach the floor within a step, then one timestep at a time with detect_collision; report the time of first contact",
    *run() {
      let [p, v] = yield [
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ];
      for (;;) {
        const gap = position(p)[2] - 0.1;
        const speed = Math.abs(velocity(v)[2]);
        if (gap > speed * 0.1 + 0.5 * 9.81 * 0.01 + 0.05) {
          [, p, v] = yield [
            { tool: "step", parameters: { duration: 0.1 } },
            { tool: "get_position", parameters: { object_id: "object_1" } },
            { tool: "get_velocity", parameters: { object_id: "object_1" } },
          ];
          continue;
        }
        // near the floor: single timesteps, each followed by a collision check
        const rs = yield stepsWith(30, [{
          tool: "detect_collision",
          parameters: { obj1_id: "object_1", obj2_id: "object_2" },
        }]);
        for (const [c] of perStep(rs, 1)) {
          if (c.result!.collision_detected) return round(c.sim_time);
        }
        throw new Error("no contact within the fine steps");
      }
    },
    closedForm: {
      value: Math.sqrt((2 * (h - 0.1)) / 9.81),
      tolerance: 0.02,
      formula: `t = √(2(h − r)/g) = √(2 × ${fmt(h - 0.1)} / 9.81)`,
    },
  }),
});

export const reference = baseProcedure(variation);
