import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { launch, round } from "../procedures.ts";

const G = 9.81;

// Hidden object + kinetic friction + work–energy: stopping distance v²/(2μg).
export const variation = defineVariation({
  parameters: {
    mu: { base: 0.4, min: 0.2, max: 0.6, step: 0.05, unit: "" },
    v: { base: 3, min: 1.5, max: 4, step: 0.25, unit: "m/s" },
    m: { base: 0.8, min: 0.3, max: 3, step: 0.1, unit: "kg" },
  },
  // stopped well within the 1.5 s stepped; past about μ·v = 1.8 the puck judders on the soft contact
  constraint: ({ mu, v }) => {
    const t = v / (mu * G);
    if (t > 1.2) return `the puck would slide for ${fmt(t)} s`;
    return mu * v > 1.8 ? `μ·v = ${fmt(mu * v)} makes the puck judder instead of slide` : null;
  },
  world: ({ mu, m }) => [
    { tag: "geom", name: "floor", attr: "friction", index: 0, value: mu },
    { tag: "geom", name: "puck", attr: "friction", index: 0, value: mu },
    { tag: "geom", name: "puck", attr: "mass", value: m },
  ],
  text: ({ mu, v }) => [
    ["between puck and floor is 0.4", `between puck and floor is ${fmt(mu)}`],
    ["velocity of 3 m/s along +x", `velocity of ${fmt(v)} m/s along +x`],
    ["velocity to [3, 0, 0], let", `velocity to [${fmt(v)}, 0, 0], let`],
    [
      "velocity to [3, 0, 0], steps 1.5 s (the puck stops after about 0.76 s)",
      `velocity to [${fmt(v)}, 0, 0], steps 1.5 s (the puck stops after about ${(v / (mu * G)).toFixed(2)} s)`,
    ],
  ],
  procedure: ({ mu, v }) => ({
    summary: `find_objects, set the puck's velocity to [${fmt(v)}, 0, 0], step 1.5 s, report get_displacement`,
    *run() {
      const [d] = yield* launch("object_2", [v, 0, 0], 1.5, [{
        tool: "get_displacement",
        parameters: { object_id: "object_2" },
      }], [{ tool: "find_objects", parameters: {} }]);
      return round(d.result!.displacement as number);
    },
    closedForm: {
      value: v ** 2 / (2 * mu * G),
      tolerance: 0.05,
      formula: `d = v²/(2·μ·g) = ${fmt(v)}²/(2 × ${fmt(mu)} × 9.81)`,
    },
  }),
});

export const reference = baseProcedure(variation);
