// Settle, delete the stopper, let the block slide t, report its speed and the distance slid.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const A = 9.81 * Math.sin((25 * Math.PI) / 180);

export const variation = defineVariation({
  parameters: {
    // outside 0.52–0.66 s the speed or the distance lands within 5 % of a length, position
    // or mass the agent can read off the scene
    t: { base: 0.6, min: 0.52, max: 0.66, step: 0.02, unit: "s" },
    m: { base: 1.5, min: 0.5, max: 4, step: 0.5, unit: "kg" },
  },
  world: ({ m }) => [{ tag: "geom", name: "block", attr: "mass", value: m }],
  text: ({ t }) => [
    ["let the block go for 0.6 s", `let the block go for ${fmt(t)} s`],
    ["both 0.6 s after", `both ${fmt(t)} s after`],
    ["step 0.6 s,", `step ${fmt(t)} s,`],
    ["steps 0.6 s,", `steps ${fmt(t)} s,`],
  ],
  procedure: ({ t }) => ({
    summary: `step 0.2 s, read x, delete the stopper, step ${fmt(t)} s, report [speed, |Δx|]`,
    *run() {
      const [, p0] = yield [
        { tool: "step", parameters: { duration: 0.2 } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ];
      const [, , v, p1] = yield [
        { tool: "delete_objects", parameters: { object_id: "object_3" } },
        { tool: "step", parameters: { duration: t } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ];
      const a = p0.result!.position as number[];
      const b = p1.result!.position as number[];
      const speed = Math.hypot(...(v.result!.velocity as number[]));
      const dist = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
      return [Math.round(speed * 1000) / 1000, Math.round(dist * 1000) / 1000];
    },
    closedForm: {
      value: [A * t, 0.5 * A * t * t],
      tolerance: 0.02,
      formula: `[g sin θ·t, ½ g sin θ·t²] with θ = 25°, t = ${fmt(t)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
