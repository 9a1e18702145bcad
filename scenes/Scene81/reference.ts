// Launch the cube up the ramp, step until its up-slope velocity vanishes, measure the
// distance, then watch whether it slides back.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 30;
const TH = (25 * Math.PI) / 180;
const U = [Math.cos(TH), 0, Math.sin(TH)];
const MU = 0.2;

const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

export const reference: ReferenceProcedure = {
  summary: "v = 3·u, step 5 ms at a time until v·u ≤ 0, distance = max (r − r₀)·u; then step 0.5 s: code 1 if it moved back down by > 1 cm, else 2",
  *run() {
    const [p0] = yield [
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: U.map((c) => 3 * c) } },
    ];
    const start = p0.result!.position as number[];
    let best = 0;
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
        const p = res[3 * i + 1].result!.position as number[];
        const s = dot([p[0] - start[0], p[1] - start[1], p[2] - start[2]], U);
        best = Math.max(best, s);
        if (dot(res[3 * i + 2].result!.velocity as number[], U) <= 0) {
          const [, later] = yield [
            { tool: "step", parameters: { duration: 0.5 } },
            { tool: "get_position", parameters: { object_id: "object_1" } },
          ];
          const q = later.result!.position as number[];
          const back = best - dot([q[0] - start[0], q[1] - start[1], q[2] - start[2]], U);
          return [Math.round(best * 1000) / 1000, back > 0.01 ? 1 : 2];
        }
      }
    }
    throw new Error("the cube never stopped");
  },
  closedForm: { value: [9 / (2 * 9.81 * (Math.sin(TH) + MU * Math.cos(TH))), 1], tolerance: 0.03, formula: "[v₀²/(2g(sin θ + μ cos θ)), 1 since tan θ > μ] with v₀ = 3, θ = 25°, μ = 0.2" },
};
