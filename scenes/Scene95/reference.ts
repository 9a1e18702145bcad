// Bisect the sphere's launch speed: each trial removes the last sphere, resets the block,
// creates a sphere above it, launches and attaches it, and measures the slide.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import type { ToolCall } from "../../engine/physment/protocol.ts";
import { bisect, position, round } from "../procedures.ts";

const M_BALL = 1000 * (4 / 3) * Math.PI * 0.1 ** 3;

export const variation = defineVariation({
  parameters: {
    D: { base: 0.8, min: 0.5, max: 1.2, step: 0.05, unit: "m" },
    MU: { base: 0.4, min: 0.3, max: 0.4, step: 0.05, unit: "" },
    M_BLOCK: { base: 2, min: 1.5, max: 2.5, step: 0.25, unit: "kg" },
  },
  // a catch gentle enough that the slide grows steadily with v (faster catches, and friction
  // above 0.4, rock the block and it slides farther than friction alone allows, so the search
  // misses), and the pair stops within the 1.5 s a trial steps
  constraint: ({ D, MU, M_BLOCK }) => {
    const v = ((M_BALL + M_BLOCK) / M_BALL) * Math.sqrt(2 * MU * 9.81 * D);
    if (v > 4.2) return `the launch speed ${fmt(v)} m/s would rock the block on the catch`;
    const t = Math.sqrt((2 * D) / (MU * 9.81));
    return t > 1.3 ? `the pair would still slide after ${fmt(t)} s` : null;
  },
  world: ({ MU, M_BLOCK }) => [
    { tag: "geom", within: "default", attr: "friction", index: 0, value: MU },
    { tag: "geom", name: "block", attr: "mass", value: M_BLOCK },
  ],
  text: ({ D }) => [
    ["block slides 0.8 m", `block slides ${fmt(D)} m`],
    ["slide with 0.8 m", `slide with ${fmt(D)} m`],
    ["μ = V²/(2g·0.8)", `μ = V²/(2g·${fmt(D)})`],
  ],
  procedure: ({ D, MU, M_BLOCK }) => ({
    summary:
      `bisect v on [0, 8] over 11 trials (delete the last sphere, reset the block, create a sphere 0.11 m above its top, v along +x, attach, step 1.5 s, compare the slide with ${
        fmt(D)
      } m); μ = (m v/(m+M))²/(2g·${fmt(D)})`,
    *run() {
      const [p0, params] = yield [
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "get_parameters", parameters: { object_id: "object_1" } },
      ];
      const start = position(p0);
      const mBlock = params.result!.mass as number;
      let mBall = 0;
      const [lo, hi] = yield* bisect(0, 8, 11, (v, k) => {
        const name = `ball_${k}`;
        const calls: ToolCall[] = [];
        if (k > 0) calls.push({ tool: "delete_objects", parameters: { object_id: `ball_${k - 1}` } });
        calls.push(
          { tool: "move_object", parameters: { object_id: "object_1", x: start[0], y: start[1], z: start[2] } },
          { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [0, 0, 0] } },
          {
            tool: "create_objects",
            parameters: { name, pos: [start[0], start[1], start[2] + 0.1 + 0.11], density: 1000, radius: 0.1 },
          },
          { tool: "set_velocity", parameters: { object_id: name, velocity_vector: [v, 0, 0] } },
          { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: name } },
          { tool: "step", parameters: { duration: 1.5 } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "get_parameters", parameters: { object_id: name } },
        );
        return calls;
      }, (res) => {
        const n = res.length;
        const p = position(res[n - 2]);
        mBall = res[n - 1].result!.mass as number;
        return Math.hypot(p[0] - start[0], p[1] - start[1]) > D;
      });
      const v = round((lo + hi) / 2);
      const V = (mBall * v) / (mBall + mBlock);
      return [v, round((V * V) / (2 * 9.81 * D))];
    },
    closedForm: {
      value: [((M_BALL + M_BLOCK) / M_BALL) * Math.sqrt(2 * MU * 9.81 * D), MU],
      tolerance: 0.03,
      formula: `[(m+M)/m·√(2μgd), μ] with m = 1000·(4/3)π·0.1³, M = ${fmt(M_BLOCK)}, μ = ${fmt(MU)}, d = ${fmt(D)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
