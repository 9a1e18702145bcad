// Step the pendulum 5 ms at a time until the bob crosses below the pivot; interpolate the
// crossing time and read the speed there.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 30;

/** Complete elliptic integral of the first kind K(k) by the arithmetic-geometric mean. */
function ellipticK(k: number): number {
  let a = 1;
  let b = Math.sqrt(1 - k * k);
  for (let i = 0; i < 20; i++) [a, b] = [(a + b) / 2, Math.sqrt(a * b)];
  return Math.PI / (2 * a);
}

// The rod's length and the bob's mass (neither stated in the task) and the release angle vary;
// the bob hangs L from the pivot at (0, 0, 2) (6 decimals, as published).
export const variation = defineVariation({
  parameters: {
    L: { base: 1.2, min: 0.5, max: 1.8, step: 0.1, unit: "m" },
    deg: { base: 60, min: 20, max: 80, step: 5, unit: "°" },
    m: { base: 1, min: 0.2, max: 3, step: 0.1, unit: "kg" },
  },
  world: ({ L, deg, m }) => {
    const th = (deg * Math.PI) / 180;
    const x = Number((L * Math.sin(th)).toFixed(6)), up = Number((L * Math.cos(th)).toFixed(6));
    return [
      { tag: "body", name: "object_1", attr: "pos", value: [x, 0, Number((2 - up).toFixed(6))] },
      { tag: "joint", name: "object_1_joint", attr: "pos", value: [-x, 0, up] },
      { tag: "geom", name: "rod", attr: "fromto", value: [0, 0, 0, -x, 0, up] },
      { tag: "geom", name: "bob", attr: "mass", value: m },
    ];
  },
  text: (
    { deg },
  ) => [[
    "held at rest with the rod 60° from the vertical",
    `held at rest with the rod ${fmt(deg)}° from the vertical`,
  ]],
  procedure: ({ L, deg }) => ({
    summary:
      "step 5 ms at a time reading the bob's x and v until x crosses the pivot's x; report [speed at the crossing, interpolated crossing time]",
    *run() {
      const [pivot, bob] = yield [
        { tool: "get_position", parameters: { object_id: "object_3" } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ];
      const xp = position(pivot)[0];
      let prevX = position(bob)[0] - xp;
      let prevT = time(bob);
      let prevS = 0;
      return yield* eachStep(
        [{ tool: "get_position", parameters: { object_id: "object_1" } }, {
          tool: "get_velocity",
          parameters: { object_id: "object_1" },
        }],
        { batch: BATCH, maxBatches: 10, failure: "the bob never passed below the pivot" },
        ([p, vr]) => {
          const x = position(p)[0] - xp;
          const t = time(p);
          const s = Math.hypot(...velocity(vr));
          if (x <= 0 && prevX > 0) {
            const f = crossFraction(0, prevX, x);
            return [round(lerp(prevS, s, f)), round(lerp(prevT, t, f))];
          }
          prevX = x;
          prevT = t;
          prevS = s;
        },
      );
    },
    closedForm: {
      value: [
        Math.sqrt(2 * 9.81 * L * (1 - Math.cos((deg * Math.PI) / 180))),
        Math.sqrt(L / 9.81) * ellipticK(Math.sin((deg * Math.PI) / 360)),
      ],
      tolerance: 0.02,
      formula: `[√(2gL(1 − cos θ₀)), √(L/g)·K(sin(θ₀/2))] with L = ${fmt(L)}, θ₀ = ${fmt(deg)}°`,
    },
  }),
});

export const reference = baseProcedure(variation);
