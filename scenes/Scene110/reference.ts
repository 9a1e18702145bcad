// Create the bob, weld it to the rod's end, and time one full swing of the loaded rod.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { fullPeriod, round } from "../procedures.ts";

const BATCH = 60;
const TH0 = (6 * Math.PI) / 180;
/**
 * Where the bob's centre goes: on the rod's axis, d from the hinge at (0, 0, 3), 6° from the
 * vertical (the published scene writes 1.955748 for 1.955752 at d = 1.05; kept as published).
 */
const at = (
  d: number,
) => (d === 1.05
  ? [0.109754, 0, 1.955748]
  : [Number((d * Math.sin(TH0)).toFixed(6)), 0, Number((3 - d * Math.cos(TH0)).toFixed(6))]);

export const variation = defineVariation({
  parameters: {
    MR: { base: 0.8, min: 0.3, max: 2, step: 0.1, unit: "kg" },
    rb: { base: 0.05, min: 0.03, max: 0.08, step: 0.01, unit: "m" },
    rho: { base: 3000, min: 1000, max: 8000, step: 500, unit: "kg/m³" },
  },
  world: ({ MR }) => [{ tag: "geom", name: "rod", attr: "mass", value: MR }],
  text: ({ rb, rho }) => {
    const [x, , z] = at(1 + rb);
    return [[
      "radius 0.05 m and density 3000 kg/m³ at (0.109754, 0, 1.955748) m",
      `radius ${fmt(rb)} m and density ${fmt(rho)} kg/m³ at (${x}, 0, ${z}) m`,
    ]];
  },
  procedure: ({ MR, rb, rho }) => {
    const MB = rho * (4 / 3) * Math.PI * rb ** 3;
    const D = 1 + rb;
    const I = MR * (1 / 3 + 0.02 ** 2 / 4) + MB * (D * D + 0.4 * rb ** 2);
    const T = 2 * Math.PI * Math.sqrt(I / (9.81 * (MR * 0.5 + MB * D))) * (1 + TH0 * TH0 / 16);
    return {
      summary:
        "create the bob, attach it to the rod, step 5 ms at a time reading the rod's vₓ until it has changed sign 3 times; T = t₃ − t₁ (interpolated)",
      *run() {
        yield [
          { tool: "create_objects", parameters: { name: "bob", pos: at(D), density: rho, radius: rb } },
          { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "bob" } },
        ];
        return round(yield* fullPeriod("object_1", BATCH));
      },
      closedForm: {
        value: T,
        tolerance: 0.02,
        formula: `2π√(I/(g(m_r L/2 + m_b d)))·(1 + θ₀²/16), I = m_r(L²/3 + r_r²/4) + m_b(d² + (2/5)r_b²), L = 1, d = ${
          fmt(D)
        }`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
