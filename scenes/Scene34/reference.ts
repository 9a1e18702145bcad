// Release the pendulum and sample the bob's speed every timestep (in 0.2 s batches) until it
// is clearly slowing down again after the bottom of the swing; the answer is the greatest speed.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { perStep, round, stepsWith, velocity } from "../procedures.ts";

/** The bob's start, L from the hinge at (0, 0, 2) and θ₀ from the vertical (8 decimals, as published). */
const bob = (L: number, deg: number) => {
  const th = (deg * Math.PI) / 180;
  return [Number((L * Math.sin(th)).toFixed(8)), Number((L * Math.cos(th)).toFixed(8))];
};

export const variation = defineVariation({
  parameters: {
    L: { base: 1.1, min: 0.5, max: 1.6, step: 0.1, unit: "m" },
    deg: { base: 50, min: 20, max: 75, step: 5, unit: "°" },
    m: { base: 0.6, min: 0.2, max: 2, step: 0.1, unit: "kg" },
  },
  world: ({ L, deg, m }) => {
    const [x, drop] = bob(L, deg);
    return [
      { tag: "body", name: "object_1", attr: "pos", value: [x, 0, Number((2 - drop).toFixed(8))] },
      { tag: "joint", name: "object_1_joint", attr: "pos", value: [-x, 0, drop] },
      { tag: "geom", name: "bob", attr: "mass", value: m },
    ];
  },
  text: () => [],
  procedure: ({ L, deg }) => ({
    summary:
      "step one timestep at a time reading the bob's velocity until its speed has dropped 5 % below the maximum; report the maximum speed",
    *run() {
      let vmax = 0;
      for (let k = 0; k < 10; k++) {
        const rs = yield stepsWith(40, [{ tool: "get_velocity", parameters: { object_id: "object_1" } }]);
        let speed = 0;
        for (const [v] of perStep(rs, 1)) {
          speed = Math.hypot(...velocity(v));
          vmax = Math.max(vmax, speed);
        }
        if (vmax > 0 && speed < 0.95 * vmax) return round(vmax);
      }
      throw new Error("the bob never slowed down");
    },
    closedForm: {
      value: Math.sqrt(2 * 9.81 * L * (1 - Math.cos((deg * Math.PI) / 180))),
      tolerance: 0.01,
      formula: `energy: ½mv² = m·g·L(1 − cos θ₀), v = √(2gL(1 − cos θ₀)) with L = ${fmt(L)} m, θ₀ = ${fmt(deg)}°`,
    },
  }),
});

export const reference = baseProcedure(variation);
