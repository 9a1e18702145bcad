// Push the roller through its centre with a steady 5 N force along +x and sample its
// displacement every timestep (in 0.3 s batches) until it has rolled 1.5 m; the crossing time is
// interpolated between samples.
import { baseProcedure, defineVariation, fmt, fmt1 } from "../../engine/physment/variation/declare.ts";
import { round, timeToReach } from "../procedures.ts";


export const variation = defineVariation({
  parameters: {
    F: { base: 5, min: 2, max: 15, step: 0.5, unit: "N" },
    m: { base: 3, min: 1, max: 6, step: 0.5, unit: "kg" },
    s: { base: 1.5, min: 0.8, max: 3, step: 0.1, unit: "m" },
  },
  // the distance covered within the 3.6 s followed
  constraint: ({ F, m, s }) => {
    const t = Math.sqrt((2 * s) / (F / (1.5 * m)));
    return t > 3.3 ? `the roller would need ${fmt(t)} s` : null;
  },
  world: ({ m }) => [{ tag: "geom", name: "roller", attr: "mass", value: m }],
  text: ({ F, s }) => [
    ["force of 5 N along +x", `force of ${fmt(F)} N along +x`],
    ["to move 1.5 m?", `to move ${fmt1(s)} m?`],
    ["reaches 1.5 m", `reaches ${fmt1(s)} m`],
    ["force (5, 0, 0) N", `force (${fmt(F)}, 0, 0) N`],
  ],
  procedure: ({ F, m, s }) => ({
    summary: `apply (${fmt(F)}, 0, 0) N persistently, step one timestep at a time reading get_displacement until ${
      fmt1(s)
    } m; report the interpolated time`,
    *run() {
      yield [{ tool: "apply_force", parameters: { object_id: "object_1", force_vector: [F, 0, 0] } }];
      return round(
        yield* timeToReach(
          { tool: "get_displacement", parameters: { object_id: "object_1" } },
          (r) => r.result!.displacement as number,
          s,
          { batch: 60, maxBatches: 12, failure: `the roller never covered ${fmt1(s)} m` },
        ),
      );
    },
    closedForm: {
      value: Math.sqrt((2 * s) / (F / (1.5 * m))),
      tolerance: 0.02,
      formula:
        `rolling without slipping: a = F/(m + I/r²) = F/(1.5m) for a solid cylinder (I = ½mr²), t = √(2s/a) with F = ${
          fmt(F)
        } N, m = ${fmt(m)} kg, s = ${fmt1(s)} m`,
    },
  }),
});

export const reference = baseProcedure(variation);
