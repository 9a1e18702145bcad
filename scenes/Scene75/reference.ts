import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { launch, mass, revealParameters, round } from "../procedures.ts";

// Hidden object + simple harmonic motion + energy conservation: A = v₀·√(m/k).
export const variation = defineVariation({
  parameters: {
    m: { base: 2, min: 0.5, max: 5, step: 0.25, unit: "kg" },
    k: { base: 50, min: 10, max: 200, step: 5, unit: "N/m" },
    v0: { base: 1.5, min: 0.5, max: 3, step: 0.25, unit: "m/s" },
  },
  // a quarter period the 5 ms steps resolve, and a swing that keeps the cart clear of the wall 1 m behind it
  constraint: ({ m, k, v0 }) => {
    if ((Math.PI / 2) * Math.sqrt(m / k) < 0.1) {
      return `a quarter period of ${fmt((Math.PI / 2) * Math.sqrt(m / k))} s is too short`;
    }
    return v0 * Math.sqrt(m / k) > 0.7
      ? `the amplitude ${fmt(v0 * Math.sqrt(m / k))} m would carry the cart into the wall`
      : null;
  },
  world: ({ m, k }) => [
    { tag: "geom", name: "cart", attr: "mass", value: m },
    { tag: "joint", name: "object_2_joint", attr: "stiffness", value: k },
  ],
  text: ({ v0 }) => [
    ["velocity of 1.5 m/s along +x", `velocity of ${fmt(v0)} m/s along +x`],
    ["velocity to [1.5, 0, 0], let", `velocity to [${fmt(v0)}, 0, 0], let`],
    ["velocity to [1.5, 0, 0], steps", `velocity to [${fmt(v0)}, 0, 0], steps`],
  ],
  procedure: ({ m: M, k: K, v0 }) => ({
    summary: `find_objects, read mass and spring constant, set v = [${
      fmt(v0)
    }, 0, 0], step a quarter period, report get_displacement`,
    *run() {
      const p = yield* revealParameters("object_2");
      const m = mass(p);
      const k = p.result!.spring_constant as number;
      const [d] = yield* launch("object_2", [v0, 0, 0], (Math.PI / 2) * Math.sqrt(m / k), [{
        tool: "get_displacement",
        parameters: { object_id: "object_2" },
      }]);
      return round(d.result!.displacement as number);
    },
    closedForm: {
      value: v0 * Math.sqrt(M / K),
      tolerance: 0.02,
      formula: `A = v₀·√(m/k) = ${fmt(v0)} × √(${fmt(M)}/${fmt(K)})`,
    },
  }),
});

export const reference = baseProcedure(variation);
