// The worked examples of the one-shot and few-shot chain-of-thought prompts (PhysMent
// appendix E): a dropped ball, a pushed box and a sphere on a ramp. Each is a dialogue in
// the protocol's shape: the assistant's reasoning and tool calls, the environment's results.
// The numbers are those a 0.005 s semi-implicit Euler integration gives (g = 9.81 m/s²):
// after n steps from rest under constant acceleration a, v = a·n·dt and the distance is
// a·dt²·n(n+1)/2, slightly more than ½at².
import type { ToolCall } from "../protocol.ts";

export interface ShownResult {
  tool: string;
  parameters: Record<string, unknown>;
  result: Record<string, unknown> | null;
  sim_time: number;
}

export interface ExampleTurn {
  reasoning: string;
  calls: ToolCall[];
  /** The environment's answer; absent after the answer call (the episode has ended). */
  results?: ShownResult[];
}

export interface WorkedExample {
  title: string;
  objects: string[];
  task: string;
  turns: ExampleTurn[];
}

const o1 = { object_id: "object_1" };

export const DROPPED_BALL: WorkedExample = {
  title: "a dropped ball",
  objects: ["object_1: ball (sphere, radius 0.1 m), held at rest 2 m above the floor", "object_2: floor (plane at z = 0)"],
  task: "The ball is released from rest. Determine its speed 0.5 s after release.",
  turns: [
    {
      reasoning: "The ball starts at rest, so I read its position, let the simulation run for 0.5 s and read its " +
        "velocity. Reading the position again tells me whether it has hit the floor, which would change the speed.",
      calls: [
        { tool: "get_position", parameters: o1 },
        { tool: "step", parameters: { duration: 0.5 } },
        { tool: "get_velocity", parameters: o1 },
        { tool: "get_position", parameters: o1 },
      ],
      results: [
        { tool: "get_position", parameters: o1, result: { position: [0, 0, 2], time: 0 }, sim_time: 0 },
        { tool: "step", parameters: { duration: 0.5 }, result: null, sim_time: 0.5 },
        { tool: "get_velocity", parameters: o1, result: { velocity: [0, 0, -4.905] }, sim_time: 0.5 },
        { tool: "get_position", parameters: o1, result: { position: [0, 0, 0.7614875], time: 0.5 }, sim_time: 0.5 },
      ],
    },
    {
      reasoning: "After 0.5 s the velocity is (0, 0, -4.905) m/s, so the speed is 4.905 m/s. Check: g·t = 9.81·0.5 = " +
        "4.905 m/s. The ball fell 2 - 0.7615 = 1.2385 m, close to ½gt² = 1.226 m (the simulator integrates in " +
        "0.005 s steps), and its centre is still above z = 0.1, so it has not touched the floor. The measured speed " +
        "is the answer, as a number without units.",
      calls: [{ tool: "answer", parameters: { answer: 4.905 } }],
    },
  ],
};

export const PUSHED_BOX: WorkedExample = {
  title: "a pushed box",
  objects: ["object_1: box (cube, side 0.2 m) resting on the floor", "object_2: floor (plane at z = 0)"],
  task: "Determine the coefficient of kinetic friction between the box and the floor.",
  turns: [
    {
      reasoning: "Kinetic friction decelerates a sliding box at a = μ·g whatever its mass. I push the box by giving it " +
        "a velocity of 2 m/s along +x, let it slide for 0.5 s and read its velocity. The box must still be sliding " +
        "at the end, otherwise static friction has taken over and the deceleration is underestimated.",
      calls: [
        { tool: "get_position", parameters: o1 },
        { tool: "set_velocity", parameters: { ...o1, velocity_vector: [2, 0, 0] } },
        { tool: "step", parameters: { duration: 0.5 } },
        { tool: "get_velocity", parameters: o1 },
      ],
      results: [
        { tool: "get_position", parameters: o1, result: { position: [0, 0, 0.1], time: 0 }, sim_time: 0 },
        {
          tool: "set_velocity",
          parameters: { ...o1, velocity_vector: [2, 0, 0] },
          result: { status: "success", object_id: "object_1", velocity: [2, 0, 0] },
          sim_time: 0,
        },
        { tool: "step", parameters: { duration: 0.5 }, result: null, sim_time: 0.5 },
        { tool: "get_velocity", parameters: o1, result: { velocity: [0.5285, 0, 0] }, sim_time: 0.5 },
      ],
    },
    {
      reasoning: "v_x fell from 2 to 0.5285 m/s in 0.5 s and is still positive, so the box slid the whole time. " +
        "a = (0.5285 - 2) / 0.5 = -2.943 m/s², and μ = |a| / g = 2.943 / 9.81 = 0.300.",
      calls: [{ tool: "answer", parameters: { answer: 0.3 } }],
    },
  ],
};

export const SPHERE_ON_RAMP: WorkedExample = {
  title: "a sphere on a ramp",
  objects: [
    "object_1: solid sphere (radius 0.1 m), at rest on the ramp",
    "object_2: ramp inclined at 30°, descending towards +x",
  ],
  task: "Determine the acceleration of the sphere along the ramp.",
  turns: [
    {
      reasoning: "A sphere that rolls without slipping accelerates at g·sinθ / (1 + I/(m r²)): (5/7)·9.81·0.5 = " +
        "3.504 m/s² for a solid sphere, g·sinθ = 4.905 m/s² if it slid without friction. Which one happens is for " +
        "the simulator to say, so I measure: position, roll for 0.4 s, then velocity and position.",
      calls: [
        { tool: "get_position", parameters: o1 },
        { tool: "step", parameters: { duration: 0.4 } },
        { tool: "get_velocity", parameters: o1 },
        { tool: "get_position", parameters: o1 },
      ],
      results: [
        { tool: "get_position", parameters: o1, result: { position: [0, 0, 1], time: 0 }, sim_time: 0 },
        { tool: "step", parameters: { duration: 0.4 }, result: null, sim_time: 0.4 },
        { tool: "get_velocity", parameters: o1, result: { velocity: [1.2137, 0, -0.7007] }, sim_time: 0.4 },
        { tool: "get_position", parameters: o1, result: { position: [0.2458, 0, 0.8581], time: 0.4 }, sim_time: 0.4 },
      ],
    },
    {
      reasoning: "Speed after 0.4 s from rest: √(1.2137² + 0.7007²) = 1.4014 m/s, so a = 1.4014 / 0.4 = 3.504 m/s². " +
        "The velocity points down the slope (v_z / v_x = -0.577 = -tan 30°). Cross-check with the distance: " +
        "√(0.2458² + 0.1419²) = 0.2838 m, close to ½·3.504·0.4² = 0.280 m. The value matches rolling without " +
        "slipping, not sliding, so the measured 3.504 is the answer.",
      calls: [{ tool: "answer", parameters: { answer: 3.504 } }],
    },
  ],
};

/** One-shot uses the first; few-shot chain of thought uses all three. */
export const WORKED_EXAMPLES: readonly WorkedExample[] = [DROPPED_BALL, PUSHED_BOX, SPHERE_ON_RAMP];
