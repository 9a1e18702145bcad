// Bisect the pull on the slab: each trial resets both bodies at rest, pulls for 1 s and
// checks whether the block slipped (velocities differ).
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { bisect, mass, round, velocity } from "../procedures.ts";

export const variation = defineVariation({
  parameters: {
    MU: { base: 0.4, min: 0.3, max: 0.6, step: 0.05, unit: "" },
    m1: { base: 2, min: 1, max: 4, step: 0.5, unit: "kg" },
    m2: { base: 1, min: 0.5, max: 3, step: 0.5, unit: "kg" },
  },
  // the threshold lies inside the search's [0, 30] N
  constraint: (
    { MU, m1, m2 },
  ) => (MU * 9.81 * (m1 + m2) > 27
    ? `the threshold ${fmt(MU * 9.81 * (m1 + m2))} N lies too near the search's 30 N`
    : null),
  world: ({ MU, m1, m2 }) => [
    { tag: "geom", within: "default", attr: "friction", index: 0, value: MU },
    { tag: "geom", name: "slab", attr: "mass", value: m1 },
    { tag: "geom", name: "block", attr: "mass", value: m2 },
  ],
  text: ({ MU }) => [["between slab and block is 0.4", `between slab and block is ${fmt(MU)}`]],
  procedure: ({ MU, m1, m2 }) => ({
    summary:
      "bisect F on [0, 30] N over 10 trials (reset both at rest, pull the slab 1 s, slipped if vₓ(slab) − vₓ(block) > 0.03 m/s); report [F, F/(m₁+m₂)]",
    *run() {
      const [a, b, pa, pb] = yield [
        { tool: "get_parameters", parameters: { object_id: "object_1" } },
        { tool: "get_parameters", parameters: { object_id: "object_2" } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "get_position", parameters: { object_id: "object_2" } },
      ];
      const mTotal = mass(a) + mass(b);
      const s1 = pa.result!.position as number[];
      const s2 = pb.result!.position as number[];
      const [lo, hi] = yield* bisect(0, 30, 10, (f) => [
        { tool: "move_object", parameters: { object_id: "object_1", x: s1[0], y: s1[1], z: s1[2] } },
        { tool: "move_object", parameters: { object_id: "object_2", x: s2[0], y: s2[1], z: s2[2] } },
        { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [0, 0, 0] } },
        { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [0, 0, 0] } },
        { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [f, 0, 0], duration: 1 } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
        { tool: "get_velocity", parameters: { object_id: "object_2" } },
      ], (res) => velocity(res[5])[0] - velocity(res[6])[0] > 0.03);
      const f = round((lo + hi) / 2, 2);
      return [f, round(f / mTotal)];
    },
    closedForm: {
      value: [MU * 9.81 * (m1 + m2), MU * 9.81],
      tolerance: 0.02,
      formula: `[μg(m₁ + m₂), μg] with μ = ${fmt(MU)}, m₁ = ${fmt(m1)}, m₂ = ${fmt(m2)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
