// Create the ball, weld it to the spring-mounted block, and time one full oscillation from
// the first to the third sign change of the block's velocity.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 60;
const MB = 1000 * (4 / 3) * Math.PI * 0.06 ** 3;

export const reference: ReferenceProcedure = {
  summary: "create the ball, attach it to the block, step 5 ms at a time reading vₓ until it has changed sign 3 times; T = t₃ − t₁ (interpolated)",
  *run() {
    yield [
      { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 0.7], density: 1000, radius: 0.06 } },
      { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "ball" } },
    ];
    let prevV = 0;
    let prevT = 0;
    const turns: number[] = [];
    for (let batch = 0; batch < 12; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const t = res[3 * i + 1].result!.time as number;
        const v = (res[3 * i + 2].result!.velocity as number[])[0];
        if (prevV !== 0 && v !== 0 && Math.sign(v) !== Math.sign(prevV)) turns.push(prevT + (t - prevT) * (prevV / (prevV - v)));
        prevV = v;
        prevT = t;
        if (turns.length === 3) return Math.round((turns[2] - turns[0]) * 1000) / 1000;
      }
    }
    throw new Error("fewer than three turning points");
  },
  closedForm: { value: 2 * Math.PI * Math.sqrt((1 + MB) / 50), tolerance: 0.02, formula: "T = 2π√((m + m_b)/k), m = 1, m_b = 1000·(4/3)π·0.06³, k = 50" },
};
