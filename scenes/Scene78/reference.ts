// Step the pendulum 5 ms at a time until the bob crosses below the pivot; interpolate the
// crossing time and read the speed there.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
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
    const xp = (pivot.result!.position as number[])[0];
    let prevX = (bob.result!.position as number[])[0] - xp;
    let prevT = bob.result!.time as number;
    let prevS = 0;
    for (let batch = 0; batch < 10; batch++) {
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
        const x = (p.position as number[])[0] - xp;
        const t = p.time as number;
        const s = Math.hypot(...(res[3 * i + 2].result!.velocity as number[]));
        if (x <= 0 && prevX > 0) {
          const f = prevX / (prevX - x);
          return [Math.round((prevS + f * (s - prevS)) * 1000) / 1000, Math.round((prevT + f * (t - prevT)) * 1000) / 1000];
        }
        prevX = x;
        prevT = t;
        prevS = s;
      }
    }
    throw new Error("the bob never passed below the pivot");
  },
  closedForm: {
    value: [Math.sqrt(2 * 9.81 * L * (1 - Math.cos(Math.PI / 3))), Math.sqrt(L / 9.81) * ellipticK(Math.sin(Math.PI / 6))],
    tolerance: 0.02,
    formula: "[√(2gL(1 − cos θ₀)), √(L/g)·K(sin(θ₀/2))] with L = 1.2, θ₀ = 60°",
  },
};
