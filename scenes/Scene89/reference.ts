// Turn the door with a constant torque; step until its centre has swept 90° about the hinge;
// interpolate the time and the total kinetic energy there.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const DT = 0.005;
const BATCH = 60;
const TAU = 3;
const I = (10 / 12) * (0.64 + 0.0016) + 10 * 0.16;

export const reference: ReferenceProcedure = {
  summary: "persistent torque [0,0,3]; step 5 ms at a time reading the centre's position and the energies; angle = atan2(y, x) about the hinge at the origin; report the interpolated [time, KE + E_rot] at 90°",
  *run() {
    const [params, p0] = yield [
      { tool: "get_parameters", parameters: { object_id: "object_1" } },
      { tool: "get_position", parameters: { object_id: "object_1" } },
      { tool: "apply_torque", parameters: { object_id: "object_1", torque_vector: [0, 0, TAU] } },
    ];
    const m = params.result!.mass as number;
    const t0 = p0.result!.time as number;
    let prevA = 0;
    let prevT = t0;
    let prevE = 0;
    for (let batch = 0; batch < 10; batch++) {
      const calls = [];
      for (let i = 0; i < BATCH; i++) {
        calls.push(
          { tool: "step", parameters: { duration: DT } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
          { tool: "get_rotational_energy", parameters: { object_id: "object_1" } },
        );
      }
      const res = yield calls;
      for (let i = 0; i < BATCH; i++) {
        const p = res[4 * i + 1].result!;
        const x = p.position as number[];
        const t = p.time as number;
        const angle = Math.atan2(x[1], x[0]);
        const e = (res[4 * i + 2].result!.kinetic_energy as number) + (res[4 * i + 3].result!.rotational_energy as number);
        if (angle >= Math.PI / 2 || angle < -1e-9) {
          const a = angle < 0 ? angle + 2 * Math.PI : angle;
          const f = (Math.PI / 2 - prevA) / (a - prevA);
          return [Math.round((prevT + f * (t - prevT) - t0) * 1000) / 1000, Math.round((prevE + f * (e - prevE)) * 1000) / 1000];
        }
        prevA = angle;
        prevT = t;
        prevE = e;
      }
    }
    throw new Error("the door never reached 90°");
  },
  closedForm: { value: [Math.sqrt((Math.PI * I) / TAU), (TAU * Math.PI) / 2], tolerance: 0.02, formula: "[√(πI/τ), τ·π/2] with I = (1/12)m(w² + t²) + m(w/2)², m = 10, w = 0.8, t = 0.04, τ = 3" },
};
