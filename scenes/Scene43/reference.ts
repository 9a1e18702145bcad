// Create the ball on the pad, launch it and sample its height every timestep (in 0.2 s
// batches) until it is falling; the answer is the greatest height reached above the launch
// point.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { perStep, position, round, stepsWith, velocity } from "../procedures.ts";

const R = 0.05;

/** The launch point's height: the ball resting on the pad's top face (to the centimetre, as the task writes it). */
const launchZ = (pad: number) => Number((pad + R).toFixed(2));

export const variation = defineVariation({
  parameters: {
    pad: { base: 0.4, min: 0.2, max: 1.0, step: 0.1, unit: "m" },
    vx: { base: 1.5, min: 0, max: 3, step: 0.5, unit: "m/s" },
    vz: { base: 5.2, min: 3, max: 7, step: 0.1, unit: "m/s" },
  },
  world: ({ pad }) => [
    { tag: "body", name: "object_1", attr: "pos", value: pad / 2, index: 2 },
    { tag: "geom", name: "pad", attr: "size", value: pad / 2, index: 1 },
  ],
  text: ({ pad, vx, vz }) => [
    ["its top face is 0.4 m above the floor", `its top face is ${fmt(pad)} m above the floor`],
    ["centre at (0, 0, 0.45)", `centre at (0, 0, ${fmt(launchZ(pad))})`],
    ["velocity (1.5, 0, 5.2) m/s", `velocity (${fmt(vx)}, 0, ${fmt(vz)}) m/s`],
  ],
  procedure: ({ pad, vx, vz }) => {
    const z0 = launchZ(pad);
    return {
      summary: `create the ball at (0, 0, ${fmt(z0)}), set v = (${fmt(vx)}, 0, ${fmt(vz)}), step one timestep at a time reading z until v_z < 0 for a while; report max z − ${fmt(z0)}`,
      *run() {
        yield [
          { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, z0], radius: R, density: 1000 } },
          { tool: "set_velocity", parameters: { object_id: "ball", velocity_vector: [vx, 0, vz] } },
        ];
        let zmax = -Infinity;
        for (;;) {
          const rs = yield stepsWith(40, [
            { tool: "get_position", parameters: { object_id: "ball" } },
            { tool: "get_velocity", parameters: { object_id: "ball" } },
          ]);
          let falling = false;
          for (const [p, v] of perStep(rs, 2)) {
            zmax = Math.max(zmax, position(p)[2]);
            falling = velocity(v)[2] < 0;
          }
          if (falling) return round(zmax - z0);
          if (rs[rs.length - 1].sim_time > 5) throw new Error("the ball never came down");
        }
      },
      closedForm: { value: (vz * vz) / (2 * 9.81), tolerance: 0.02, formula: `h = v_z²/(2g) = ${fmt(vz)}² / (2 × 9.81)` },
    };
  },
});

export const reference = baseProcedure(variation);
