// Reveal the hidden ball, launch the striker at it, step until they have touched and
// separated, and infer the hidden mass from momentum conservation.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { eachStep, mass, revealParameters, round, velocity } from "../procedures.ts";

const BATCH = 20;

export const variation = defineVariation({
  parameters: {
    m1: { base: 1, min: 0.5, max: 3, step: 0.25, unit: "kg" },
    m2: { base: 2.5, min: 0.5, max: 5, step: 0.25, unit: "kg" },
    v: { base: 2, min: 1, max: 4, step: 0.5, unit: "m/s" },
    d: { base: 1, min: 0.5, max: 2, step: 0.1, unit: "m" },
  },
  // contact and separation within the 1.5 s the procedure follows
  constraint: (
    { v, d },
  ) => ((d - 0.2) / v > 1.2 ? `the striker would reach the target only after ${fmt((d - 0.2) / v)} s` : null),
  world: ({ m1, m2, d }) => [
    { tag: "geom", name: "striker", attr: "mass", value: m1 },
    { tag: "geom", name: "target", attr: "mass", value: m2 },
    { tag: "body", name: "object_2", attr: "pos", index: 0, value: d },
  ],
  text: ({ v }) => [
    ["velocity of 2 m/s along +x", `velocity of ${fmt(v)} m/s along +x`],
    ["velocity to [2, 0, 0]", `velocity to [${fmt(v)}, 0, 0]`],
  ],
  procedure: ({ m2, v: V }) => ({
    summary: `find_objects, v₁ = [${
      fmt(V)
    },0,0], step 5 ms at a time until contact and then separation, m₂ = m₁(v₁ − v₁′)/v₂′`,
    *run() {
      const m1 = mass(yield* revealParameters("object_1"));
      const [set] = yield [{ tool: "set_velocity", parameters: { object_id: "object_1", velocity_vector: [V, 0, 0] } }];
      const v1 = velocity(set)[0];
      let touched = false;
      yield* eachStep(
        [{ tool: "detect_collision", parameters: { obj1_id: "object_1", obj2_id: "object_2" } }],
        { batch: BATCH, maxBatches: 15, failure: "the balls never collided and separated" },
        ([hit]) => {
          if (hit.result!.collision_detected as boolean) touched = true;
          else if (touched) return true;
        },
      );
      // separated: later steps in that batch only coast, so the velocities are final
      const [a, b] = yield [
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
        { tool: "get_velocity", parameters: { object_id: "object_2" } },
      ];
      return round((m1 * (v1 - velocity(a)[0])) / velocity(b)[0]);
    },
    closedForm: {
      value: m2,
      tolerance: 0.02,
      formula: "m₂ = m₁(v₁ − v₁′)/v₂′ (momentum conservation), the hidden ball's mass",
    },
  }),
});

export const reference = baseProcedure(variation);
