// Release the weight and sample its height every timestep (in 0.2 s batches) until it has
// started moving back up; the answer is the greatest drop below the release point.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { perStep, position, round, stepsWith, velocity } from "../procedures.ts";

// The weight's mass and the spring's stiffness, neither stated in the task, vary.
export const variation = defineVariation({
  parameters: {
    m: { base: 0.8, min: 0.2, max: 3, step: 0.1, unit: "kg" },
    k: { base: 40, min: 20, max: 200, step: 5, unit: "N/m" },
  },
  // the weight stays above ground level (it starts 1.4 m up), and turns within the 2 s followed
  constraint: ({ m, k }) => {
    const drop = (2 * m * 9.81) / k;
    if (drop > 1.2) return `the weight would drop ${fmt(drop)} m, to ground level`;
    const half = Math.PI * Math.sqrt(m / k);
    return half > 1.8 ? `the lowest point comes only after ${fmt(half)} s` : null;
  },
  world: ({ m, k }) => [
    { tag: "geom", name: "weight", attr: "mass", value: m },
    { tag: "joint", name: "object_1_joint", attr: "stiffness", value: k },
  ],
  text: () => [],
  procedure: ({ m, k }) => ({
    summary: "read z₀, step one timestep at a time reading z and v_z until v_z > 0; report z₀ − min z",
    *run() {
      const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_1" } }];
      const z0 = position(p0)[2];
      let zmin = z0;
      for (let k = 0; k < 10; k++) {
        const rs = yield stepsWith(40, [
          { tool: "get_position", parameters: { object_id: "object_1" } },
          { tool: "get_velocity", parameters: { object_id: "object_1" } },
        ]);
        let rising = false;
        for (const [p, v] of perStep(rs, 2)) {
          zmin = Math.min(zmin, position(p)[2]);
          if (velocity(v)[2] > 0) rising = true;
        }
        if (rising) return round(z0 - zmin);
      }
      throw new Error("the weight never turned around");
    },
    closedForm: {
      value: (2 * m * 9.81) / k,
      tolerance: 0.02,
      formula: `energy: mg·x = ½k·x², so x_max = 2mg/k = 2 × ${fmt(m)} × 9.81 / ${fmt(k)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
