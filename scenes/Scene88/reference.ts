// Race the rolling ball and the frictionless block over s; report the winner and the gap.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { crossFraction, eachStep, lerp, position, round, time } from "../procedures.ts";

const BATCH = 40;
const GS = 9.81 * Math.sin(Math.PI / 6);

export const variation = defineVariation({
  parameters: {
    S: { base: 1.5, min: 0.6, max: 2.4, step: 0.1, unit: "m" },
    m: { base: 1, min: 0.3, max: 3, step: 0.1, unit: "kg" },
  },
  world: ({ m }) => [
    { tag: "geom", name: "ball", attr: "mass", value: m },
    { tag: "geom", name: "block", attr: "mass", value: m },
  ],
  text: ({ S }) => [
    ["first travels 1.5 m along", `first travels ${fmt(S)} m along`],
    ["has travelled 1.5 m", `has travelled ${fmt(S)} m`],
    ["displacement reaches 1.5 m", `displacement reaches ${fmt(S)} m`],
  ],
  procedure: ({ S }) => ({
    summary: `step 5 ms at a time reading both positions until both have moved ${
      fmt(S)
    } m (interpolated times); report [id of the earlier, gap]`,
    *run() {
      const [a0, b0] = yield [
        { tool: "get_position", parameters: { object_id: "object_1" } },
        { tool: "get_position", parameters: { object_id: "object_2" } },
      ];
      const starts = [position(a0), position(b0)];
      const prevD = [0, 0];
      const prevT = [time(a0), time(a0)];
      const done: (number | null)[] = [null, null];
      return yield* eachStep(
        [{ tool: "get_position", parameters: { object_id: "object_1" } }, {
          tool: "get_position",
          parameters: { object_id: "object_2" },
        }],
        { batch: BATCH, maxBatches: 10, failure: "the race did not finish" },
        (ps) => {
          for (let k = 0; k < 2; k++) {
            if (done[k] !== null) continue;
            const x = position(ps[k]);
            const s = starts[k];
            const d = Math.hypot(x[0] - s[0], x[1] - s[1], x[2] - s[2]);
            const t = time(ps[k]);
            if (d >= S) done[k] = lerp(prevT[k], t, crossFraction(S, prevD[k], d));
            prevD[k] = d;
            prevT[k] = t;
          }
          if (done[0] !== null && done[1] !== null) {
            return [done[0] < done[1] ? 1 : 2, round(Math.abs(done[0] - done[1]))];
          }
        },
      );
    },
    closedForm: {
      value: [2, Math.sqrt((2 * S) / ((5 / 7) * GS)) - Math.sqrt((2 * S) / GS)],
      tolerance: 0.05,
      formula: `[2, √(2s/((5/7)g sin θ)) − √(2s/(g sin θ))] with s = ${fmt(S)}, θ = 30°`,
    },
  }),
});

export const reference = baseProcedure(variation);
