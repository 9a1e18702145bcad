// Create the ball, weld it to the spring-mounted block, and time one full oscillation from
// the first to the third sign change of the block's velocity.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { fullPeriod, round } from "../procedures.ts";

const BATCH = 60;
const MB = 1000 * (4 / 3) * Math.PI * 0.06 ** 3;

export const reference: ReferenceProcedure = {
  summary: "create the ball, attach it to the block, step 5 ms at a time reading vₓ until it has changed sign 3 times; T = t₃ − t₁ (interpolated)",
  *run() {
    yield [
      { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 0.7], density: 1000, radius: 0.06 } },
      { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "ball" } },
    ];
    return round(yield* fullPeriod("object_1", BATCH));
  },
  closedForm: { value: 2 * Math.PI * Math.sqrt((1 + MB) / 50), tolerance: 0.02, formula: "T = 2π√((m + m_b)/k), m = 1, m_b = 1000·(4/3)π·0.06³, k = 50" },
};
