// Pieces of experiment shared by reference procedures (used with `yield*`).
import type { ToolCall, ToolResult } from "../engine/physment/protocol.ts";

/**
 * Steps one 5 ms timestep at a time, 40 per iteration, reading the object's velocity
 * after each, until its x component has changed sign `count` times; returns the times of
 * the changes, interpolated linearly between the samples around each. `initialSign` is
 * the sign the motion starts with (0: the first sample's). Throws after 10 s without them.
 */
export function* vxReversals(objectId: string, count: number, initialSign: -1 | 0 | 1 = 0): Generator<ToolCall[], number[], ToolResult[]> {
  const reversals: number[] = [];
  let prev: { t: number; vx: number } | null = null;
  let sign: number = initialSign;
  while (reversals.length < count) {
    const batch: ToolCall[] = [];
    for (let i = 0; i < 40; i++) {
      batch.push({ tool: "step", parameters: { duration: 0.005 } });
      batch.push({ tool: "get_velocity", parameters: { object_id: objectId } });
    }
    const rs = yield batch;
    for (let i = 1; i < rs.length; i += 2) {
      const cur = { t: rs[i].sim_time, vx: (rs[i].result!.velocity as number[])[0] };
      const s = Math.sign(cur.vx);
      if (sign === 0) sign = s;
      else if (s !== 0 && s !== sign && prev) {
        reversals.push(prev.t + (cur.t - prev.t) * prev.vx / (prev.vx - cur.vx));
        sign = s;
      }
      prev = cur;
    }
    if (prev!.t > 10) throw new Error("no oscillation found");
  }
  return reversals;
}
