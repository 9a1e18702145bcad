// Follow the damped oscillator through three turning points; T = t₃ − t₁, decay per period
// = |e₂ − e₃| / |e₀ − e₁| (e₀ the start).
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 40;
const M = 0.8;
const K = 60;
const B = 0.8;
const G = B / (2 * M);
const WD = Math.sqrt(K / M - G * G);

export const reference: ReferenceProcedure = {
  summary: "step 5 ms at a time reading x and vₓ; turning points at vₓ sign changes (time interpolated, extreme = the extreme sample); report [t₃ − t₁, |e₂ − e₃|/|e₀ − e₁|]",
  *run() {
    const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
    const ext: number[] = [(p0.result!.position as number[])[0]];
    const times: number[] = [];
    let prevV = 0;
    let prevT = p0.result!.time as number;
    let prevX = ext[0];
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
        const p = res[3 * i + 1].result!;
        const x = (p.position as number[])[0];
        const t = p.time as number;
        const v = (res[3 * i + 2].result!.velocity as number[])[0];
        if (prevV !== 0 && v !== 0 && Math.sign(v) !== Math.sign(prevV)) {
          times.push(prevT + (t - prevT) * (prevV / (prevV - v)));
          ext.push(prevV > 0 ? Math.max(prevX, x) : Math.min(prevX, x));
          if (times.length === 3) {
            const period = times[2] - times[0];
            const factor = Math.abs(ext[2] - ext[3]) / Math.abs(ext[0] - ext[1]);
            return [Math.round(period * 1000) / 1000, Math.round(factor * 1000) / 1000];
          }
        }
        prevV = v;
        prevT = t;
        prevX = x;
      }
    }
    throw new Error("fewer than three turning points");
  },
  closedForm: { value: [(2 * Math.PI) / WD, Math.exp((-G * 2 * Math.PI) / WD)], tolerance: 0.02, formula: "[2π/ω_d, e^(−γT_d)] with γ = b/(2m), ω_d = √(k/m − γ²), m = 0.8, k = 60, b = 0.8" },
};
