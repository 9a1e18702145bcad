// Step the pendulum 5 ms at a time until the bob crosses below the pivot; interpolate the
// crossing time and read the speed there.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 30;
const L = 1.2;

/** Complete elliptic integral of the first kind K(k) by the arithmetic-geometric mean. */
function ellipticK(k: number): number {
  let a = 1;
  let b = Math.sqrt(1 - k * k);
  for (let i = 0; i < 20; i++) [a, b] = [(a + b) / 2, Math.sqrt(a * b)];
  return Math.PI / (2 * a);
}

export const reference: ReferenceProcedure = {
  summary: "step 5 ms at a time reading the bob's x and v until x crosses the pivot's x; report [speed at the crossing, interpolated crossing time]",
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
      [{ tool: "get_position", parameters: { object_id: "object_1" } }, { tool: "get_velocity", parameters: { object_id: "object_1" } }],
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
    value: [Math.sqrt(2 * 9.81 * L * (1 - Math.cos(Math.PI / 3))), Math.sqrt(L / 9.81) * ellipticK(Math.sin(Math.PI / 6))],
    tolerance: 0.02,
    formula: "[√(2gL(1 − cos θ₀)), √(L/g)·K(sin(θ₀/2))] with L = 1.2, θ₀ = 60°",
  },
};
