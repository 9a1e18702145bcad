// Settle, delete the shelf, step until the ball touches the floor; report the elapsed time
// and the kinetic energy there.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
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
    const t0 = p0.result!.time as number;
    yield [{ tool: "delete_objects", parameters: { object_id: "object_2" } }];
    for (let batch = 0; batch < 10; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_3" } },
          { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        if (res[4 * i + 1].result!.collision_detected) {
          const t = res[4 * i + 3].result!.time as number;
          return [Math.round((t - t0) * 1000) / 1000, Math.round((res[4 * i + 2].result!.kinetic_energy as number) * 1000) / 1000];
        }
      }
    }
    throw new Error("the ball never reached the floor");
  },
  closedForm: { value: [Math.sqrt((2 * H) / 9.81), 0.6 * 9.81 * H], tolerance: 0.03, formula: "[√(2h/g), mgh] with h = 1.4, m = 0.6" },
};
