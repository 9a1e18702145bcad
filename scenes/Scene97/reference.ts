// Reveal the hidden block, kick it, follow it in 5 ms steps until its velocity has changed
// sign three times; the first and third sign changes are one period apart.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 40;

export const reference: ReferenceProcedure = {
  summary: "find_objects, v = [0.3,0,0], step 5 ms at a time reading x and vₓ until vₓ has changed sign 3 times; T = t₃ − t₁ (interpolated), A = max |x − x₀|",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [p0, set] = yield [
      { tool: "get_position", parameters: { object_id: "object_2" } },
      { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [0.3, 0, 0] } },
    ];
    const x0 = position(p0)[0];
    let prevV = velocity(set)[0];
    let prevT = time(p0);
    let amp = 0;
    const turns: number[] = [];
    return yield* eachStep(
      [{ tool: "get_position", parameters: { object_id: "object_2" } }, { tool: "get_velocity", parameters: { object_id: "object_2" } }],
      { batch: BATCH, maxBatches: 12, failure: "fewer than three turning points" },
      ([p, vr]) => {
        const x = position(p)[0];
        const t = time(p);
        const v = velocity(vr)[0];
        amp = Math.max(amp, Math.abs(x - x0));
        if (Math.sign(v) !== Math.sign(prevV) && v !== 0) turns.push(lerp(prevT, t, crossFraction(0, prevV, v)));
        prevV = v;
        prevT = t;
        if (turns.length === 3) return [round(turns[2] - turns[0]), round(amp, 4)];
      },
    );
  },
  closedForm: {
    value: [2 * Math.PI * Math.sqrt(0.5 / 40), 0.3 * Math.sqrt(0.5 / 40)],
    tolerance: 0.02,
    formula: "[2π√(m/k), v₀√(m/k)] with m = 0.5, k = 40, v₀ = 0.3",
  },
};
