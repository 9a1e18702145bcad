// Reveal the hidden rod, step 5 ms at a time reading its centre's horizontal velocity, time
// one full period between the first and third sign changes, L_eq = gT²/(4π²).
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 50;
const L = 1;
const R = 0.02;
const TH0 = (6 * Math.PI) / 180;
const T_CLOSED = 2 * Math.PI * Math.sqrt((L * L / 3 + R * R / 4) / (9.81 * L / 2)) * (1 + TH0 * TH0 / 16);

export const reference: ReferenceProcedure = {
  summary: "find_objects, step 5 ms at a time reading the rod's vₓ until it has changed sign 3 times; T = t₃ − t₁ (interpolated), L_eq = gT²/(4π²)",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    let prevV = 0;
    let prevT = 0;
    const turns: number[] = [];
    for (let batch = 0; batch < 12; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_position", parameters: { object_id: "object_3" } },
          { tool: "get_velocity", parameters: { object_id: "object_3" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const t = res[3 * i + 1].result!.time as number;
        const v = (res[3 * i + 2].result!.velocity as number[])[0];
        if (prevV !== 0 && v !== 0 && Math.sign(v) !== Math.sign(prevV)) turns.push(prevT + (t - prevT) * (prevV / (prevV - v)));
        prevV = v;
        prevT = t;
        if (turns.length === 3) {
          const T = turns[2] - turns[0];
          return [Math.round(T * 1000) / 1000, Math.round(((9.81 * T * T) / (4 * Math.PI * Math.PI)) * 1000) / 1000];
        }
      }
    }
    throw new Error("fewer than three turning points");
  },
  closedForm: {
    value: [T_CLOSED, (9.81 * T_CLOSED * T_CLOSED) / (4 * Math.PI * Math.PI)],
    tolerance: 0.02,
    formula: "[2π√(I/(mgL/2))·(1 + θ₀²/16), gT²/(4π²)] with I/m = L²/3 + r²/4, L = 1, r = 0.02, θ₀ = 6°",
  },
};
