// Create the ball just beyond the ledge's edge and find, by trial, the horizontal launch speed
// that makes it first touch the floor at the target x: each trial puts the ball back at the
// launch point, sets (v, 0, 0), steps one timestep at a time until the ball touches the floor
// and reads where; v is then scaled by the ratio of wanted to measured range.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { perStep, position, round, stepsWith } from "../procedures.ts";

const X0 = 0.55;
const R = 0.05;
const G = 9.81;

/** The launch point's height: the ball's bottom level with the ledge's top face (to the centimetre, as the task writes it). */
const launchZ = (H: number) => Number((H + R).toFixed(2));

export const variation = defineVariation({
  parameters: {
    H: { base: 0.8, min: 0.5, max: 1.5, step: 0.1, unit: "m" },
    target: { base: 2.0, min: 1.2, max: 3.0, step: 0.1, unit: "m" },
  },
  world: ({ H }) => [
    { tag: "body", name: "object_1", attr: "pos", value: H / 2, index: 2 },
    { tag: "geom", name: "ledge", attr: "size", value: H / 2, index: 2 },
  ],
  text: ({ H, target }) => [
    ["its top face is 0.8 m above the floor", `its top face is ${fmt(H)} m above the floor`],
    ["centre at (0.55, 0, 0.85)", `centre at (0.55, 0, ${fmt(launchZ(H))})`],
    ["floor at x = 2.0 m", `floor at x = ${target.toFixed(1)} m`],
    ["lands at x = 2.0 m", `lands at x = ${target.toFixed(1)} m`],
    ["landing point is x = 2.0 m", `landing point is x = ${target.toFixed(1)} m`],
  ],
  procedure: ({ H, target }) => {
    const z0 = launchZ(H);
    const tx = target.toFixed(1);
    return {
      summary: `create the ball at (0.55, 0, ${fmt(z0)}); repeat: reset it there, set v = (v, 0, 0), step until it touches the floor, read x; v ← v·(${tx} − 0.55)/(x − 0.55) until |x − ${tx}| < 0.5 mm; report v`,
      *run() {
        yield [{ tool: "create_objects", parameters: { name: "ball", pos: [X0, 0, z0], radius: R, density: 1000 } }];
        let v = 2.0;
        for (let k = 0; k < 8; k++) {
          // 0.6 s of single timesteps: the highest ledge (1.5 m) takes 0.55 s to fall from
          const rs = yield [
            { tool: "move_object", parameters: { object_id: "ball", x: X0, y: 0, z: z0 } },
            { tool: "set_velocity", parameters: { object_id: "ball", velocity_vector: [v, 0, 0] } },
            ...stepsWith(120, [
              { tool: "detect_collision", parameters: { obj1_id: "ball", obj2_id: "object_2" } },
              { tool: "get_position", parameters: { object_id: "ball" } },
            ]),
          ];
          const landing = perStep(rs, 2, 2).find(([c]) => c.result!.collision_detected);
          if (!landing) throw new Error("the ball did not land within 0.6 s");
          const x = position(landing[1])[0];
          if (Math.abs(x - target) < 5e-4) return round(v);
          v = (v * (target - X0)) / (x - X0);
        }
        throw new Error("no convergence");
      },
      closedForm: {
        value: (target - X0) / Math.sqrt((2 * H) / G),
        tolerance: 0.02,
        formula: `v = (x_target − x₀)/√(2H/g) = (${tx} − 0.55)/√(2 × ${fmt(H)} / 9.81)`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
