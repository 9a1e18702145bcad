// Find the constant force that pushes the puck d in t from rest, by trial: push with a guess
// for t, measure the distance, put the puck back at rest where it started and scale the force
// by target/measured, until the distance is within 0.1 mm of d.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

export const variation = defineVariation({
  parameters: {
    m: { base: 2.5, min: 0.5, max: 6, step: 0.5, unit: "kg" },
    d: { base: 1.2, min: 0.5, max: 4, step: 0.1, unit: "m" },
    t: { base: 0.8, min: 0.4, max: 2, step: 0.1, unit: "s" },
  },
  world: ({ m }) => [{ tag: "geom", name: "puck", attr: "mass", value: m }],
  text: ({ d, t }) => [
    [
      "from rest for 0.8 s, moves the puck exactly 1.2 m",
      `from rest for ${fmt(t)} s, moves the puck exactly ${fmt(d)} m`,
    ],
    ["trial force for 0.8 s", `trial force for ${fmt(t)} s`],
    ["distance is 1.2 m", `distance is ${fmt(d)} m`],
    ["guessed force for 0.8 s", `guessed force for ${fmt(t)} s`],
    ["distance matches 1.2 m", `distance matches ${fmt(d)} m`],
  ],
  procedure: ({ m, d: D, t: T }) => ({
    summary: `repeat: reset the puck to its start at rest, push with F for ${fmt(T)} s, read x; F ← F·${
      fmt(D)
    }/Δx until |Δx − ${fmt(D)}| < 1e-4; report F`,
    *run() {
      const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
      const start = p0.result!.position as number[];
      let f = 5;
      for (let k = 0; k < 8; k++) {
        const [, , , p] = yield [
          { tool: "move_object", parameters: { object_id: "object_1", x: start[0], y: start[1], z: start[2] } },
          { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [0, 0, 0] } },
          { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [f, 0, 0], duration: T } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
        ];
        const d = (p.result!.position as number[])[0] - start[0];
        if (Math.abs(d - D) < 1e-4) return Math.round(f * 1000) / 1000;
        f = (f * D) / d;
      }
      throw new Error("no convergence");
    },
    closedForm: {
      value: (2 * m * D) / (T * T),
      tolerance: 0.02,
      formula: `F = m·a = 2m·d/t² = 2 × ${fmt(m)} × ${fmt(D)} / ${fmt(T)}²`,
    },
  }),
});

export const reference = baseProcedure(variation);
