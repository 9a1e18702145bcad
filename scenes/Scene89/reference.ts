// Turn the door with a constant torque; step until its centre has swept 90° about the hinge;
// interpolate the time and the total kinetic energy there.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { crossFraction, eachStep, lerp, position, round, time } from "../procedures.ts";

const BATCH = 60;
/** The door's moment of inertia about its hinge edge. */
const inertia = (M: number, W: number) => (M / 12) * (W * W + 0.0016) + M * (W / 2) ** 2;

export const variation = defineVariation({
  parameters: {
    TAU: { base: 3, min: 1, max: 8, step: 0.5, unit: "N·m" },
    M: { base: 10, min: 4, max: 25, step: 1, unit: "kg" },
    W: { base: 0.8, min: 0.5, max: 1, step: 0.05, unit: "m" },
  },
  // 90° within the 3 s followed
  constraint: ({ TAU, M, W }) => {
    const t = Math.sqrt((Math.PI * inertia(M, W)) / TAU);
    return t > 2.7 ? `the door would need ${fmt(t)} s to turn 90°` : null;
  },
  world: ({ M, W }) => [
    { tag: "body", name: "object_1", attr: "pos", index: 0, value: W / 2 },
    { tag: "joint", name: "object_1_joint", attr: "pos", index: 0, value: -W / 2 },
    { tag: "geom", name: "door", attr: "size", index: 0, value: W / 2 },
    { tag: "geom", name: "door", attr: "mass", value: M },
  ],
  text: ({ TAU }) => [
    ["torque of 3 N·m about +z", `torque of ${fmt(TAU)} N·m about +z`],
    ["applies [0, 0, 3] N·m", `applies [0, 0, ${fmt(TAU)}] N·m`],
  ],
  procedure: ({ TAU, M, W }) => {
    const I = inertia(M, W);
    return {
      summary: `persistent torque [0,0,${
        fmt(TAU)
      }]; step 5 ms at a time reading the centre's position and the energies; angle = atan2(y, x) about the hinge at the origin; report the interpolated [time, KE + E_rot] at 90°`,
      *run() {
        const [params, p0] = yield [
          { tool: "get_parameters", parameters: { object_id: "object_1" } },
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "apply_torque", parameters: { object_id: "object_1", torque_vector: [0, 0, TAU] } },
        ];
        const m = params.result!.mass as number;
        const t0 = time(p0);
        let prevA = 0;
        let prevT = t0;
        let prevE = 0;
        return yield* eachStep(
          [
            { tool: "get_position", parameters: { object_id: "object_1" } },
            { tool: "get_kinetic_energy", parameters: { object_id: "object_1", mass: m } },
            { tool: "get_rotational_energy", parameters: { object_id: "object_1" } },
          ],
          { batch: BATCH, maxBatches: 10, failure: "the door never reached 90°" },
          ([p, k, r]) => {
            const x = position(p);
            const t = time(p);
            const angle = Math.atan2(x[1], x[0]);
            const e = (k.result!.kinetic_energy as number) + (r.result!.rotational_energy as number);
            if (angle >= Math.PI / 2 || angle < -1e-9) {
              const f = crossFraction(Math.PI / 2, prevA, angle < 0 ? angle + 2 * Math.PI : angle);
              return [round(lerp(prevT, t, f) - t0), round(lerp(prevE, e, f))];
            }
            prevA = angle;
            prevT = t;
            prevE = e;
          },
        );
      },
      closedForm: {
        value: [Math.sqrt((Math.PI * I) / TAU), (TAU * Math.PI) / 2],
        tolerance: 0.02,
        formula: `[√(πI/τ), τ·π/2] with I = (1/12)m(w² + t²) + m(w/2)², m = ${fmt(M)}, w = ${fmt(W)}, t = 0.04, τ = ${
          fmt(TAU)
        }`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
