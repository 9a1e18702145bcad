import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

// Inclined plane + static friction threshold + force balance (Newton's first/second law):
// push the block down the rough ramp with a steady force and see whether it slides.
const G = 9.81;
const rad = (deg: number) => (deg * Math.PI) / 180;
// the published files print 6 decimals
const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
// the task states the force vector's components to 3 decimals
const components = (F: number, th: number) => [Number((F * Math.cos(rad(th))).toFixed(3)), Number((-F * Math.sin(rad(th))).toFixed(3))];
/** The friction reserve without the push, μ·m·g·cos θ − m·g·sin θ (N): the push needed to start a slide. */
const reserve = (m: number, mu: number, th: number) => m * G * (mu * Math.cos(rad(th)) - Math.sin(rad(th)));

export const variation = defineVariation({
  parameters: {
    m: { base: 5, min: 1, max: 10, step: 0.5, unit: "kg" },
    theta: { base: 20, min: 10, max: 25, step: 1, unit: "°" },
    mu: { base: 0.5, min: 0.4, max: 0.8, step: 0.05, unit: "" },
    F: { base: 10, min: 2, max: 30, step: 1, unit: "N" },
  },
  // "on its own it stays put" needs a clear friction reserve; a push near the threshold
  // would leave the answer to MuJoCo's soft-contact creep
  constraint: ({ m, theta, mu, F }) => {
    const R = reserve(m, mu, theta);
    if (mu * Math.cos(rad(theta)) - Math.sin(rad(theta)) < 0.08) return `tan ${fmt(theta)}° is too close to μ = ${fmt(mu)}: the block would not clearly hold on its own`;
    if (Math.abs(F - R) < Math.max(0.15 * R, 1)) return `the push ${fmt(F)} N is within 15% of the ${fmt(R)} N threshold`;
    return null;
  },
  world: ({ m, theta, mu }) => {
    const t = rad(theta);
    const quat = [r6(Math.cos(t / 2)), 0, r6(Math.sin(t / 2)), 0];
    // the block's contact face centred on the ramp at x = −2, its centre 0.08 m (half its height) along the normal
    const s = -2 / Math.cos(t);
    return [
      { tag: "body", name: "object_2", attr: "quat", value: quat },
      { tag: "body", name: "object_1", attr: "quat", value: quat },
      { tag: "body", name: "object_1", attr: "pos", value: [r6(s * Math.cos(t) + 0.08 * Math.sin(t)), 0, r6(-s * Math.sin(t) + 0.08 * Math.cos(t))] },
      { tag: "geom", name: "block", attr: "mass", value: m },
      { tag: "geom", name: "block", attr: "friction", value: [mu, 0.005, 0.0001] },
      { tag: "geom", name: "ramp", attr: "friction", value: [mu, 0.005, 0.0001] },
    ];
  },
  text: ({ m, theta, mu, F }) => {
    const [fx, fz] = components(F, theta);
    const slides = F > reserve(m, mu, theta);
    return [
      ["(object_1, 5 kg)", `(object_1, ${fmt(m)} kg)`],
      ["inclined at 20°", `inclined at ${fmt(theta)}°`],
      ["friction coefficient between them is 0.5", `friction coefficient between them is ${fmt(mu)}`],
      ["A steady push of 10 N", `A steady push of ${fmt(F)} N`],
      ["[9.397, 0, -3.420] N", `[${fx.toFixed(3)}, 0, ${fz.toFixed(3)}] N`],
      // the published expected behaviour names the outcome; it follows the draw
      ["answers 2 because it has slid", slides ? "answers 2 because it has slid" : "answers 1 because it has stayed at rest"],
    ];
  },
  procedure: ({ m, theta, mu, F }) => {
    const [fx, fz] = components(F, theta);
    const drive = m * G * Math.sin(rad(theta)) + F;
    const limit = mu * m * G * Math.cos(rad(theta));
    return {
      summary: `apply the ${fmt(F)} N down-slope push persistently, step 1.0 s, read the displacement: code 2 if it moved more than 1 cm, else 1`,
      *run() {
        const [, , d] = yield [
          { tool: "apply_force", parameters: { object_id: "object_1", force_vector: [fx, 0, fz] } },
          { tool: "step", parameters: { duration: 1.0 } },
          { tool: "get_displacement", parameters: { object_id: "object_1" } },
        ];
        return (d.result!.displacement as number) > 0.01 ? 2 : 1;
      },
      closedForm: {
        value: drive > limit ? 2 : 1,
        tolerance: 0,
        formula: `code 2 when m·g·sin θ + F = ${drive.toFixed(1)} N exceeds μ·m·g·cos θ = ${limit.toFixed(1)} N`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
