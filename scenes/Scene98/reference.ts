// Reveal the crate, launch it, step until it stops, report the distance and μ = v₀²/(2gd).
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { eachStep, position, round, velocity } from "../procedures.ts";

const BATCH = 40;
export const variation = defineVariation({
  parameters: {
    MU: { base: 0.35, min: 0.15, max: 0.6, step: 0.05, unit: "" },
    V0: { base: 2, min: 1, max: 3.5, step: 0.25, unit: "m/s" },
    m: { base: 3, min: 1, max: 6, step: 0.5, unit: "kg" },
  },
  // stopped within the 2.4 s followed; past about μ·v₀ = 1.5 the crate judders on the soft contact
  constraint: ({ MU, V0 }) => {
    if (V0 / (MU * 9.81) > 2.2) return `the crate would slide for ${fmt(V0 / (MU * 9.81))} s`;
    return MU * V0 > 1.5 ? `μ·v₀ = ${fmt(MU * V0)} makes the crate judder instead of slide` : null;
  },
  world: ({ MU, m }) => [
    { tag: "geom", within: "default", attr: "friction", index: 0, value: MU },
    { tag: "geom", name: "crate", attr: "mass", value: m },
  ],
  text: ({ V0 }) => [
    ["velocity of 2 m/s along +x", `velocity of ${fmt(V0)} m/s along +x`],
    ["velocity to [2, 0, 0]", `velocity to [${fmt(V0)}, 0, 0]`],
  ],
  procedure: ({ MU, V0 }) => ({
    summary: `find_objects, v = [${
      fmt(V0)
    },0,0], step 5 ms at a time until vₓ ≤ 1 mm/s, report [distance, v₀²/(2g·distance)]`,
    *run() {
      yield [{ tool: "find_objects", parameters: {} }];
      const [p0] = yield [
        { tool: "get_position", parameters: { object_id: "object_2" } },
        { tool: "set_velocity", parameters: { object_id: "object_2", velocity_vector: [V0, 0, 0] } },
      ];
      const start = position(p0);
      return yield* eachStep(
        [{ tool: "get_velocity", parameters: { object_id: "object_2" } }, {
          tool: "get_position",
          parameters: { object_id: "object_2" },
        }],
        { batch: BATCH, maxBatches: 12, failure: "the crate never stopped" },
        ([v, pr]) => {
          if (velocity(v)[0] <= 0.001) {
            const p = position(pr);
            const d = Math.hypot(p[0] - start[0], p[1] - start[1]);
            return [round(d), round((V0 * V0) / (2 * 9.81 * d))];
          }
        },
      );
    },
    closedForm: {
      value: [(V0 * V0) / (2 * MU * 9.81), MU],
      tolerance: 0.03,
      formula: `[v₀²/(2μg), μ] with v₀ = ${fmt(V0)}, μ = ${fmt(MU)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
