// Bisect the 30° pull: each trial resets the crate at rest, pulls for 1 s and checks for
// sliding; N = mg − F sin 30°.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { bisect, round, velocity } from "../procedures.ts";

const TH = Math.PI / 6;
const U = [Math.cos(TH), 0, Math.sin(TH)];
/** The least pull at 30° that slides mass M on friction μ. */
const pull = (MU: number, M: number) => (MU * M * 9.81) / (Math.cos(TH) + MU * Math.sin(TH));

export const variation = defineVariation({
  parameters: {
    MU: { base: 0.45, min: 0.25, max: 0.6, step: 0.05, unit: "" },
    M: { base: 3, min: 1, max: 5, step: 0.5, unit: "kg" },
  },
  // the threshold lies inside the search's [0, 30] N
  constraint: (
    { MU, M },
  ) => (pull(MU, M) > 27 ? `the threshold ${fmt(pull(MU, M))} N lies too near the search's 30 N` : null),
  world: ({ MU, M }) => [
    { tag: "geom", within: "default", attr: "friction", index: 0, value: MU },
    { tag: "geom", name: "crate", attr: "mass", value: M },
  ],
  text: ({ MU }) => [["between them is 0.45", `between them is ${fmt(MU)}`]],
  procedure: ({ MU, M }) => ({
    summary:
      "bisect F on [0, 30] N over 10 trials (reset at rest, pull F·(cos30°, 0, sin30°) for 1 s, slid if vₓ > 0.03 m/s); report [F, mg − F sin 30°]",
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
      value: [pull(MU, M), M * 9.81 - pull(MU, M) * Math.sin(TH)],
      tolerance: 0.02,
      formula: `[μmg/(cos θ + μ sin θ), mg − F sin θ] with m = ${fmt(M)}, μ = ${fmt(MU)}, θ = 30°`,
    },
  }),
});

export const reference = baseProcedure(variation);
