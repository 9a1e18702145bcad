// Follow the damped oscillator through three turning points; T = t₃ − t₁, decay per period
// = |e₂ − e₃| / |e₀ − e₁| (e₀ the start).
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 40;
const damped = (M: number, K: number, B: number) => {
  const G = B / (2 * M);
  return { G, WD: Math.sqrt(K / M - G * G) };
};

// The block's mass, the spring, the damper and the start's offset, none stated in the task, vary.
export const variation = defineVariation({
  parameters: {
    M: { base: 0.8, min: 0.3, max: 2, step: 0.1, unit: "kg" },
    K: { base: 60, min: 20, max: 150, step: 5, unit: "N/m" },
    B: { base: 0.8, min: 0.2, max: 2, step: 0.1, unit: "N·s/m" },
    A: { base: 0.15, min: 0.05, max: 0.3, step: 0.01, unit: "m" },
  },
  // clearly underdamped (a decay factor the swings resolve), a period the samples resolve, three turns within 2.4 s
  constraint: ({ M, K, B }) => {
    const { G, WD } = damped(M, K, B);
    const T = (2 * Math.PI) / WD, f = Math.exp(-G * T);
    if (f < 0.3) return `the amplitude would shrink by ${fmt(f)} per period, too fast to follow`;
    return T < 0.3 || T > 1.5 ? `the period ${fmt(T)} s lies outside [0.3, 1.5] s` : null;
  },
  world: ({ M, K, B, A }) => [
    { tag: "joint", name: "object_1_joint", attr: "stiffness", value: K },
    { tag: "joint", name: "object_1_joint", attr: "springref", value: -A },
    { tag: "joint", name: "object_1_joint", attr: "damping", value: B },
    { tag: "geom", name: "block", attr: "mass", value: M },
  ],
  text: () => [],
  procedure: ({ M, K, B }) => {
    const { G, WD } = damped(M, K, B);
    return {
      summary:
        "step 5 ms at a time reading x and vₓ; turning points at vₓ sign changes (time interpolated, extreme = the extreme sample); report [t₃ − t₁, |e₂ − e₃|/|e₀ − e₁|]",
      *run() {
        const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
        const ext: number[] = [position(p0)[0]];
        const times: number[] = [];
        let prevV = 0;
        let prevT = time(p0);
        let prevX = ext[0];
        return yield* eachStep(
          [{ tool: "get_position", parameters: { object_id: "object_1" } }, {
            tool: "get_velocity",
            parameters: { object_id: "object_1" },
          }],
          { batch: BATCH, maxBatches: 12, failure: "fewer than three turning points" },
          ([p, vr]) => {
            const x = position(p)[0];
            const t = time(p);
            const v = velocity(vr)[0];
            if (prevV !== 0 && v !== 0 && Math.sign(v) !== Math.sign(prevV)) {
              times.push(lerp(prevT, t, crossFraction(0, prevV, v)));
              ext.push(prevV > 0 ? Math.max(prevX, x) : Math.min(prevX, x));
              if (times.length === 3) {
                return [round(times[2] - times[0]), round(Math.abs(ext[2] - ext[3]) / Math.abs(ext[0] - ext[1]))];
              }
            }
            prevV = v;
            prevT = t;
            prevX = x;
          },
        );
      },
      closedForm: {
        value: [(2 * Math.PI) / WD, Math.exp((-G * 2 * Math.PI) / WD)],
        tolerance: 0.02,
        formula: `[2π/ω_d, e^(−γT_d)] with γ = b/(2m), ω_d = √(k/m − γ²), m = ${fmt(M)}, k = ${fmt(K)}, b = ${fmt(B)}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
