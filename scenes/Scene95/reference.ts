// Bisect the sphere's launch speed: each trial removes the last sphere, resets the block,
// creates a sphere above it, launches and attaches it, and measures the slide.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import type { ToolCall } from "../../engine/physment/protocol.ts";
import { bisect, position, round } from "../procedures.ts";

const D = 0.8;
const MU = 0.4;
const M_BALL = 1000 * (4 / 3) * Math.PI * 0.1 ** 3;
const M_BLOCK = 2;

export const reference: ReferenceProcedure = {
  summary: "bisect v on [0, 8] over 11 trials (delete the last sphere, reset the block, create a sphere 0.11 m above its top, v along +x, attach, step 1.5 s, compare the slide with 0.8 m); μ = (m v/(m+M))²/(2g·0.8)",
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
        { tool: "create_objects", parameters: { name, pos: [start[0], start[1], start[2] + 0.1 + 0.11], density: 1000, radius: 0.1 } },
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
    formula: "[(m+M)/m·√(2μgd), μ] with m = 1000·(4/3)π·0.1³, M = 2, μ = 0.4, d = 0.8",
  },
};
