// Create the ball, weld it to the spring-mounted block, and time one full oscillation from
// the first to the third sign change of the block's velocity.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { fullPeriod, round } from "../procedures.ts";

const BATCH = 60;
/** The ball's centre: above the block's top face (0.6 m), 0.04 m clear. */
const zBall = (rb: number) => Number((0.64 + rb).toFixed(6));

export const variation = defineVariation({
  parameters: {
    K: { base: 50, min: 20, max: 150, step: 5, unit: "N/m" },
    M: { base: 1, min: 0.5, max: 3, step: 0.25, unit: "kg" },
    A: { base: 0.1, min: 0.05, max: 0.2, step: 0.01, unit: "m" },
    rb: { base: 0.06, min: 0.04, max: 0.09, step: 0.01, unit: "m" },
    rho: { base: 1000, min: 500, max: 3000, step: 250, unit: "kg/m³" },
  },
  // a period the 5 ms samples resolve, with three turning points within the 3.6 s followed
  constraint: ({ K, M, rb, rho }) => {
    const T = 2 * Math.PI * Math.sqrt((M + rho * (4 / 3) * Math.PI * rb ** 3) / K);
    return T < 0.4 || T > 2.2 ? `the period ${fmt(T)} s lies outside [0.4, 2.2] s` : null;
  },
  world: ({ K, M, A }) => [
    { tag: "joint", name: "object_1_joint", attr: "stiffness", value: K },
    { tag: "joint", name: "object_1_joint", attr: "springref", value: -A },
    { tag: "geom", name: "block", attr: "mass", value: M },
  ],
  text: ({ A, rb, rho }) => [
    ["held at rest 0.1 m from", `held at rest ${fmt(A)} m from`],
    [
      "radius 0.06 m and density 1000 kg/m³ centred at (0, 0, 0.7) m",
      `radius ${fmt(rb)} m and density ${fmt(rho)} kg/m³ centred at (0, 0, ${zBall(rb)}) m`,
    ],
  ],
  procedure: ({ K, M, rb, rho }) => {
    const MB = rho * (4 / 3) * Math.PI * rb ** 3;
    return {
      summary:
        "create the ball, attach it to the block, step 5 ms at a time reading vₓ until it has changed sign 3 times; T = t₃ − t₁ (interpolated)",
      *run() {
        yield [
          { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, zBall(rb)], density: rho, radius: rb } },
          { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "ball" } },
        ];
        return round(yield* fullPeriod("object_1", BATCH));
      },
      closedForm: {
        value: 2 * Math.PI * Math.sqrt((M + MB) / K),
        tolerance: 0.02,
        formula: `T = 2π√((m + m_b)/k), m = ${fmt(M)}, m_b = ${fmt(rho)}·(4/3)π·${fmt(rb)}³, k = ${fmt(K)}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
