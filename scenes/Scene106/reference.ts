// Settle, delete the shelf, step until the ball touches the floor; report the elapsed time
// and the kinetic energy there.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { eachStep, round, time } from "../procedures.ts";

const BATCH = 40;
export const variation = defineVariation({
  parameters: {
    H: { base: 1.4, min: 0.6, max: 2.5, step: 0.1, unit: "m" },
    m: { base: 0.6, min: 0.2, max: 2, step: 0.1, unit: "kg" },
  },
  world: ({ H, m }) => [
    { tag: "body", name: "object_2", attr: "pos", index: 2, value: H - 0.01 },
    { tag: "body", name: "object_1", attr: "pos", index: 2, value: H + 0.08 },
    { tag: "geom", name: "ball", attr: "mass", value: m },
  ],
  text: () => [],
  procedure: ({ H, m: mass }) => ({
    summary: "step 0.3 s, delete the shelf, step 5 ms at a time until ball–floor contact; report [elapsed time, KE]",
    *run() {
      const [, params, p0] = yield [
        { tool: "step", parameters: { duration: 0.3 } },
        { tool: "get_parameters", parameters: { object_id: "object_1" } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ];
      const m = params.result!.mass as number;
      const t0 = time(p0);
      yield [{ tool: "delete_objects", parameters: { object_id: "object_2" } }];
      return yield* eachStep(
        [
          { tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_3" } },
          { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
        ],
        { batch: BATCH, maxBatches: 10, failure: "the ball never reached the floor" },
        (
          [hit, k, p],
        ) => (hit.result!.collision_detected
          ? [round(time(p) - t0), round(k.result!.kinetic_energy as number)]
          : undefined),
      );
    },
    closedForm: {
      value: [Math.sqrt((2 * H) / 9.81), mass * 9.81 * H],
      tolerance: 0.03,
      formula: `[√(2h/g), mgh] with h = ${fmt(H)}, m = ${fmt(mass)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
