// Settle, delete the shelf, step until the ball touches the floor; report the elapsed time
// and the kinetic energy there.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { eachStep, round, time } from "../procedures.ts";

const BATCH = 40;
const H = 1.4;

export const reference: ReferenceProcedure = {
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
      ([hit, k, p]) => (hit.result!.collision_detected ? [round(time(p) - t0), round(k.result!.kinetic_energy as number)] : undefined),
    );
  },
  closedForm: { value: [Math.sqrt((2 * H) / 9.81), 0.6 * 9.81 * H], tolerance: 0.03, formula: "[√(2h/g), mgh] with h = 1.4, m = 0.6" },
};
