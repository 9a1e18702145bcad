// Launch the cube up the ramp, step until its up-slope velocity vanishes, measure the
// distance, then watch whether it slides back.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { eachStep, position, round, velocity } from "../procedures.ts";

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
    const start = position(p0);
    let best = 0;
    yield* eachStep(
      [{ tool: "get_position", parameters: { object_id: "object_1" } }, { tool: "get_velocity", parameters: { object_id: "object_1" } }],
      { batch: BATCH, maxBatches: 10, failure: "the cube never stopped" },
      ([p, v]) => {
        const x = position(p);
        best = Math.max(best, dot([x[0] - start[0], x[1] - start[1], x[2] - start[2]], U));
        return dot(velocity(v), U) <= 0 ? true : undefined;
      },
    );
    const [, later] = yield [
      { tool: "step", parameters: { duration: 0.5 } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
    ];
    const q = position(later);
    const back = best - dot([q[0] - start[0], q[1] - start[1], q[2] - start[2]], U);
    return [round(best), back > 0.01 ? 1 : 2];
  },
  closedForm: { value: [9 / (2 * 9.81 * (Math.sin(TH) + MU * Math.cos(TH))), 1], tolerance: 0.03, formula: "[v₀²/(2g(sin θ + μ cos θ)), 1 since tan θ > μ] with v₀ = 3, θ = 25°, μ = 0.2" },
};
