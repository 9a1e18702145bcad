// Reveal the hidden rod, step 5 ms at a time reading its centre's horizontal velocity, time
// one full period between the first and third sign changes, L_eq = gT²/(4π²).
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { fullPeriod, round } from "../procedures.ts";

const BATCH = 50;
const L = 1;
const R = 0.02;
const TH0 = (6 * Math.PI) / 180;
const T_CLOSED = 2 * Math.PI * Math.sqrt((L * L / 3 + R * R / 4) / (9.81 * L / 2)) * (1 + TH0 * TH0 / 16);

export const reference: ReferenceProcedure = {
  summary: "find_objects, step 5 ms at a time reading the rod's vₓ until it has changed sign 3 times; T = t₃ − t₁ (interpolated), L_eq = gT²/(4π²)",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const T = yield* fullPeriod("object_3", BATCH);
    return [round(T), round((9.81 * T * T) / (4 * Math.PI * Math.PI))];
  },
  closedForm: {
    value: [T_CLOSED, (9.81 * T_CLOSED * T_CLOSED) / (4 * Math.PI * Math.PI)],
    tolerance: 0.02,
    formula: "[2π√(I/(mgL/2))·(1 + θ₀²/16), gT²/(4π²)] with I/m = L²/3 + r²/4, L = 1, r = 0.02, θ₀ = 6°",
  },
};
