// Follow the damped oscillator through three turning points; T = t₃ − t₁, decay per period
// = |e₂ − e₃| / |e₀ − e₁| (e₀ the start).
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

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
    const ext: number[] = [position(p0)[0]];
    const times: number[] = [];
    let prevV = 0;
    let prevT = time(p0);
    let prevX = ext[0];
    return yield* eachStep(
      [{ tool: "get_position", parameters: { object_id: "object_1" } }, { tool: "get_velocity", parameters: { object_id: "object_1" } }],
      { batch: BATCH, maxBatches: 12, failure: "fewer than three turning points" },
      ([p, vr]) => {
        const x = position(p)[0];
        const t = time(p);
        const v = velocity(vr)[0];
        if (prevV !== 0 && v !== 0 && Math.sign(v) !== Math.sign(prevV)) {
          times.push(lerp(prevT, t, crossFraction(0, prevV, v)));
          ext.push(prevV > 0 ? Math.max(prevX, x) : Math.min(prevX, x));
          if (times.length === 3) return [round(times[2] - times[0]), round(Math.abs(ext[2] - ext[3]) / Math.abs(ext[0] - ext[1]))];
        }
        prevV = v;
        prevT = t;
        prevX = x;
      },
    );
  },
  closedForm: { value: [(2 * Math.PI) / WD, Math.exp((-G * 2 * Math.PI) / WD)], tolerance: 0.02, formula: "[2π/ω_d, e^(−γT_d)] with γ = b/(2m), ω_d = √(k/m − γ²), m = 0.8, k = 60, b = 0.8" },
};
