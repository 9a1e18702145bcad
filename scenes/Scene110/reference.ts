// Create the bob, weld it to the rod's end, and time one full swing of the loaded rod.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { fullPeriod, round } from "../procedures.ts";

const BATCH = 60;
const MR = 0.8;
const MB = 3000 * (4 / 3) * Math.PI * 0.05 ** 3;
const D = 1.05;
const I = MR * (1 / 3 + 0.02 ** 2 / 4) + MB * (D * D + 0.4 * 0.05 ** 2);
const TH0 = (6 * Math.PI) / 180;
const T = 2 * Math.PI * Math.sqrt(I / (9.81 * (MR * 0.5 + MB * D))) * (1 + TH0 * TH0 / 16);

export const reference: ReferenceProcedure = {
  summary: "create the bob, attach it to the rod, step 5 ms at a time reading the rod's vₓ until it has changed sign 3 times; T = t₃ − t₁ (interpolated)",
  *run() {
    yield [
      { tool: "create_objects", parameters: { name: "bob", pos: [0.109754, 0, 1.955748], density: 3000, radius: 0.05 } },
      { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "bob" } },
    ];
    return round(yield* fullPeriod("object_1", BATCH));
  },
  closedForm: { value: T, tolerance: 0.02, formula: "2π√(I/(g(m_r L/2 + m_b d)))·(1 + θ₀²/16), I = m_r(L²/3 + r_r²/4) + m_b(d² + (2/5)r_b²), L = 1, d = 1.05" },
};
