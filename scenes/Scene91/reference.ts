// Create the ball, read its mass, step one timestep at a time (in batches) until it touches
// the platform, and report |p| at the first contact.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { eachStep, masses, round } from "../procedures.ts";

const BATCH = 25;
const MASS = 2000 * (4 / 3) * Math.PI * 0.1 ** 3;

export const reference: ReferenceProcedure = {
  summary: "create a ρ = 2000, r = 0.1 sphere at z = 2.1, read its mass, step 5 ms at a time until it touches the platform, report |p|",
  *run() {
    yield [{ tool: "create_objects", parameters: { name: "object_3", pos: [0, 0, 2.1], density: 2000, radius: 0.1 } }];
    const [mass] = yield* masses("object_3");
    return yield* eachStep(
      [
        { tool: "detect_collision", parameters: { obj1_id: "object_3", obj2_id: "object_2" } },
        { tool: "get_momentum", parameters: { object_id: "object_3", mass } },
      ],
      { batch: BATCH, maxBatches: 15, failure: "the ball never reached the platform" },
      ([hit, mom]) => {
        if (!hit.result!.collision_detected) return undefined;
        const p = mom.result!.momentum as { x: number; y: number; z: number };
        return round(Math.hypot(p.x, p.y, p.z));
      },
    );
  },
  closedForm: { value: MASS * Math.sqrt(2 * 9.81 * 1.5), tolerance: 0.03, formula: "ρ·(4/3)πr³·√(2gh), ρ = 2000, r = 0.1, h = 1.5" },
};
