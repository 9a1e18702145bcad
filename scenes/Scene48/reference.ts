// Reveal the hidden wall, roll the ball toward it and step one timestep at a time (in 0.2 s
// batches) with a ball–wall collision check after each; the answer is the time after the
// launch of the first contact.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { eachStep, round } from "../procedures.ts";

/** The ball's radius and the wall's half-thickness. */
const R = 0.1;
const WALL_HALF = 0.05;

export const variation = defineVariation({
  parameters: {
    // the hidden wall's near face (the task does not state it)
    wall: { base: 2.3, min: 1.0, max: 3.5, step: 0.1, unit: "m" },
    v: { base: 1.6, min: 0.8, max: 3.0, step: 0.1, unit: "m/s" },
  },
  world: ({ wall }) => [{ tag: "body", name: "object_3", attr: "pos", value: wall + WALL_HALF, index: 0 }],
  text: ({ v }) => [["velocity of (1.6, 0, 0) m/s", `velocity of (${fmt(v)}, 0, 0) m/s`]],
  procedure: ({ wall, v }) => ({
    summary: `find_objects, set the ball's velocity to (${fmt(v)}, 0, 0), step one timestep at a time with detect_collision(ball, wall); report the time of first contact`,
    *run() {
      yield [{ tool: "find_objects", parameters: {} }];
      const [s] = yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [v, 0, 0] } }];
      const t0 = s.sim_time;
      return yield* eachStep(
        [{ tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_3" } }],
        // 6 s: the longest allowed roll (3.4 m at 0.8 m/s) takes 4.25 s
        { batch: 40, maxBatches: 30, failure: "the ball never reached the wall" },
        ([c]) => (c.result!.collision_detected ? round(c.sim_time - t0) : undefined),
      );
    },
    closedForm: { value: (wall - R) / v, tolerance: 0.02, formula: `t = (x_wall − r − x₀)/v = (${fmt(wall)} − 0.1 − 0)/${fmt(v)}` },
  }),
});

export const reference = baseProcedure(variation);
