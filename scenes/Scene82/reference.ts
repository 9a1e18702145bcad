// Launch the ball, step until v_z turns negative; report the rise, the interpolated apex time
// and the kinetic energy at the apex sample.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 40;
const VZ = 7;

export const reference: ReferenceProcedure = {
  summary: "v = [4,0,7], step 5 ms at a time reading z, v and KE until v_z < 0; report [max Δz, interpolated apex time, KE at the apex sample]",
  *run() {
    const [params, p0] = yield [
      { tool: "get_parameters", parameters: { object_id: "object_1" } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [4, 0, VZ] } },
    ];
    const m = params.result!.mass as number;
    const z0 = position(p0)[2];
    const t0 = time(p0);
    let maxZ = z0;
    let prevV = VZ;
    let prevT = t0;
    let prevK = 0;
    return yield* eachStep(
      [
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
        { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
      ],
      { batch: BATCH, maxBatches: 10, failure: "no apex" },
      ([p, vr, kr]) => {
        const z = position(p)[2];
        const t = time(p);
        const v = velocity(vr)[2];
        const k = kr.result!.kinetic_energy as number;
        maxZ = Math.max(maxZ, z);
        if (v < 0) {
          const apex = lerp(prevT, t, crossFraction(0, prevV, v));
          return [round(maxZ - z0), round(apex - t0), round(Math.min(prevK, k))];
        }
        prevV = v;
        prevT = t;
        prevK = k;
      },
    );
  },
  closedForm: { value: [(VZ * VZ) / (2 * 9.81), VZ / 9.81, 0.5 * 0.4 * 16], tolerance: 0.02, formula: "[v_z²/(2g), v_z/g, ½m·vₓ²] with v = [4, 0, 7], m = 0.4" },
};
