// Reveal the hidden block, step 5 ms at a time until it has slid 1 m, interpolate the time,
// and infer μ from a = 2s/t².
import { baseProcedure, defineVariation, fmt, fmt1 } from "../../engine/physment/variation/declare.ts";
import { crossFraction, eachStep, lerp, position, round, time } from "../procedures.ts";

const BATCH = 40;
const TH = (35 * Math.PI) / 180;
const slideTime = (S: number, MU: number) => Math.sqrt((2 * S) / (9.81 * (Math.sin(TH) - MU * Math.cos(TH))));

export const variation = defineVariation({
  parameters: {
    S: { base: 1, min: 0.5, max: 2.2, step: 0.1, unit: "m" },
    MU: { base: 0.3, min: 0.1, max: 0.55, step: 0.05, unit: "" },
    m: { base: 1.5, min: 0.5, max: 4, step: 0.5, unit: "kg" },
  },
  // the slide is done within the 2 s followed
  constraint: (
    { S, MU },
  ) => (slideTime(S, MU) > 1.8 ? `sliding ${fmt1(S)} m would take ${fmt(slideTime(S, MU))} s` : null),
  world: ({ MU, m }) => [
    { tag: "geom", within: "default", attr: "friction", index: 0, value: MU },
    { tag: "geom", name: "block", attr: "mass", value: m },
  ],
  text: ({ S }) => [
    ["slide 1.0 m along", `slide ${fmt1(S)} m along`],
    ["moved 1.0 m", `moved ${fmt1(S)} m`],
  ],
  procedure: ({ S, MU }) => ({
    summary: `find_objects, step 5 ms at a time reading the block's position until |Δr| > ${
      fmt(S)
    } m; report [interpolated t, tan θ − 2s/(g t² cos θ)]`,
    *run() {
      yield [{ tool: "find_objects", parameters: {} }];
      const [p0] = yield [{ tool: "get_position", parameters: { object_id: "object_3" } }];
      const start = position(p0);
      let prevD = 0;
      let prevT = time(p0);
      return yield* eachStep(
        [{ tool: "get_position", parameters: { object_id: "object_3" } }],
        { batch: BATCH, maxBatches: 10, failure: `the block never slid ${fmt(S)} m` },
        ([p]) => {
          const x = position(p);
          const d = Math.hypot(x[0] - start[0], x[1] - start[1], x[2] - start[2]);
          const t = time(p);
          if (d >= S) {
            const tt = lerp(prevT, t, crossFraction(S, prevD, d));
            const mu = Math.tan(TH) - (2 * S) / (9.81 * tt * tt * Math.cos(TH));
            return [round(tt), round(mu)];
          }
          prevD = d;
          prevT = t;
        },
      );
    },
    closedForm: {
      value: [slideTime(S, MU), MU],
      tolerance: 0.03,
      formula: `[√(2s/(g(sin θ − μ cos θ))), μ] with s = ${fmt(S)}, θ = 35°, μ = ${fmt(MU)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
