// Launch the ball, step until v_z turns negative; report the rise, the interpolated apex time
// and the kinetic energy at the apex sample.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
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
    const z0 = (p0.result!.position as number[])[2];
    const t0 = p0.result!.time as number;
    let maxZ = z0;
    let prevV = VZ;
    let prevT = t0;
    let prevK = 0;
    for (let batch = 0; batch < 10; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
          { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const p = res[4 * i + 1].result!;
        const z = (p.position as number[])[2];
        const t = p.time as number;
        const v = (res[4 * i + 2].result!.velocity as number[])[2];
        const k = res[4 * i + 3].result!.kinetic_energy as number;
        maxZ = Math.max(maxZ, z);
        if (v < 0) {
          const f = prevV / (prevV - v);
          const apex = prevT + f * (t - prevT);
          const ke = Math.min(prevK, k);
          return [Math.round((maxZ - z0) * 1000) / 1000, Math.round((apex - t0) * 1000) / 1000, Math.round(ke * 1000) / 1000];
        }
        prevV = v;
        prevT = t;
        prevK = k;
      }
    }
    throw new Error("no apex");
  },
  closedForm: { value: [(VZ * VZ) / (2 * 9.81), VZ / 9.81, 0.5 * 0.4 * 16], tolerance: 0.02, formula: "[v_z²/(2g), v_z/g, ½m·vₓ²] with v = [4, 0, 7], m = 0.4" },
};
