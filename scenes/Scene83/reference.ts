// Bisect the 30° pull: each trial resets the crate at rest, pulls for 1 s and checks for
// sliding; N = mg − F sin 30°.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { bisect, round, velocity } from "../procedures.ts";

const TH = Math.PI / 6;
const U = [Math.cos(TH), 0, Math.sin(TH)];
const MU = 0.45;
const MG = 3 * 9.81;

export const reference: ReferenceProcedure = {
  summary: "bisect F on [0, 30] N over 10 trials (reset at rest, pull F·(cos30°, 0, sin30°) for 1 s, slid if vₓ > 0.03 m/s); report [F, mg − F sin 30°]",
  *run() {
    const [params, pos] = yield [
      { tool: "get_parameters", parameters: { object_id: "object_1" } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
    ];
    const m = params.result!.mass as number;
    const start = pos.result!.position as number[];
    const [lo, hi] = yield* bisect(0, 30, 10, (f) => [
      { tool: "move_object", parameters: { object_id: "object_1", x: start[0], y: start[1], z: start[2] } },
      { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [0, 0, 0] } },
      { tool: "apply_force", parameters: { object_id: "object_1", force_vector: U.map((c) => f * c), duration: 1 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ], (res) => velocity(res[3])[0] > 0.03);
    const f = round((lo + hi) / 2, 2);
    return [f, round(m * 9.81 - f * Math.sin(TH), 2)];
  },
  closedForm: {
    value: [(MU * MG) / (Math.cos(TH) + MU * Math.sin(TH)), MG - ((MU * MG) / (Math.cos(TH) + MU * Math.sin(TH))) * Math.sin(TH)],
    tolerance: 0.02,
    formula: "[μmg/(cos θ + μ sin θ), mg − F sin θ] with m = 3, μ = 0.45, θ = 30°",
  },
};
