// Reveal the hidden block, kick it, follow it in 5 ms steps until its velocity has changed
// sign three times; the first and third sign changes are one period apart.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 40;

export const reference: ReferenceProcedure = {
  summary: "find_objects, v = [0.3,0,0], step 5 ms at a time reading x and vₓ until vₓ has changed sign 3 times; T = t₃ − t₁ (interpolated), A = max |x − x₀|",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [p0, set] = yield [
      { tool: "get_position", parameters: { object_id: "object_2" } },
      { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [0.3, 0, 0] } },
    ];
    const x0 = (p0.result!.position as number[])[0];
    let prevV = (set.result!.velocity as number[])[0];
    let prevT = p0.result!.time as number;
    let amp = 0;
    const turns: number[] = [];
    for (let batch = 0; batch < 12; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_position", parameters: { object_id: "object_2" } },
          { tool: "get_velocity", parameters: { object_id: "object_2" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const p = res[3 * i + 1].result!;
        const x = (p.position as number[])[0];
        const t = p.time as number;
        const v = (res[3 * i + 2].result!.velocity as number[])[0];
        amp = Math.max(amp, Math.abs(x - x0));
        if (Math.sign(v) !== Math.sign(prevV) && v !== 0) turns.push(prevT + (t - prevT) * (prevV / (prevV - v)));
        prevV = v;
        prevT = t;
        if (turns.length === 3) return [Math.round((turns[2] - turns[0]) * 1000) / 1000, Math.round(amp * 10000) / 10000];
      }
    }
    throw new Error("fewer than three turning points");
  },
  closedForm: {
    value: [2 * Math.PI * Math.sqrt(0.5 / 40), 0.3 * Math.sqrt(0.5 / 40)],
    tolerance: 0.02,
    formula: "[2π√(m/k), v₀√(m/k)] with m = 0.5, k = 40, v₀ = 0.3",
  },
};
