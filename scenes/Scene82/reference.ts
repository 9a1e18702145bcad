// Launch the ball, step until v_z turns negative; report the rise, the interpolated apex time
// and the kinetic energy at the apex sample.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { crossFraction, eachStep, lerp, position, round, time, velocity } from "../procedures.ts";

const BATCH = 40;

export const variation = defineVariation({
  parameters: {
    m: { base: 0.4, min: 0.1, max: 2, step: 0.1, unit: "kg" },
    VX: { base: 4, min: 1, max: 8, step: 0.5, unit: "m/s" },
    VZ: { base: 7, min: 3, max: 10, step: 0.5, unit: "m/s" },
    h: { base: 1, min: 0.5, max: 2, step: 0.1, unit: "m" },
  },
  world: ({ m, h }) => [
    { tag: "geom", name: "ball", attr: "mass", value: m },
    { tag: "body", name: "object_1", attr: "pos", index: 2, value: h },
  ],
  text: ({ VX, VZ }) => [["velocity [4, 0, 7] m/s", `velocity [${fmt(VX)}, 0, ${fmt(VZ)}] m/s`]],
  procedure: ({ m: mass, VX, VZ }) => ({
    summary: `v = [${fmt(VX)},0,${
      fmt(VZ)
    }], step 5 ms at a time reading z, v and KE until v_z < 0; report [max Δz, interpolated apex time, KE at the apex sample]`,
    *run() {
      const [params, p0] = yield [
        { tool: "get_parameters", parameters: { object_id: "object_1" } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [VX, 0, VZ] } },
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
    closedForm: {
      value: [(VZ * VZ) / (2 * 9.81), VZ / 9.81, 0.5 * mass * VX * VX],
      tolerance: 0.02,
      formula: `[v_z²/(2g), v_z/g, ½m·vₓ²] with v = [${fmt(VX)}, 0, ${fmt(VZ)}], m = ${fmt(mass)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
