// Send ball 1 at v1 into ball 2 at rest, read ball 2's velocity after the collision.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { launch, round, velocity } from "../procedures.ts";

/** The balls' radius (both): the collision comes when the gap between their surfaces closes. */
const R = 0.1;

export const variation = defineVariation({
  parameters: {
    m1: { base: 1, min: 0.5, max: 3, step: 0.5, unit: "kg" },
    m2: { base: 3, min: 0.5, max: 5, step: 0.5, unit: "kg" },
    v1: { base: 4, min: 1, max: 6, step: 0.5, unit: "m/s" },
    x1: { base: -1, min: -2, max: -0.5, step: 0.25, unit: "m" },
  },
  world: ({ m1, m2, x1 }) => [
    { tag: "body", name: "object_1", attr: "pos", value: x1, index: 0 },
    { tag: "geom", name: "ball1", attr: "mass", value: m1 },
    { tag: "geom", name: "ball2", attr: "mass", value: m2 },
  ],
  text: ({ m1, m2, v1, x1 }) => [
    ["ball object_1 (1 kg) at x = -1 m", `ball object_1 (${fmt(m1)} kg) at x = ${fmt(x1)} m`],
    ["ball object_2 (3 kg)", `ball object_2 (${fmt(m2)} kg)`],
    ["a velocity of 4 m/s along +x", `a velocity of ${fmt(v1)} m/s along +x`],
    ["velocity to (4, 0, 0)", `velocity to (${fmt(v1)}, 0, 0)`],
    ["about 0.2 s after launch", `about ${fmt(round((-x1 - 2 * R) / v1, 2))} s after launch`],
  ],
  procedure: ({ m1, m2, v1, x1 }) => {
    // past the collision: the centres' distance over the speed, plus 0.2 s, to a tenth of a second
    const duration = Math.ceil((-x1 / v1 + 0.2) * 10 - 1e-9) / 10;
    return {
      summary: `set ball 1's velocity to (${fmt(v1)}, 0, 0), step ${fmt(duration)} s (collision at ≈ ${fmt(round((-x1 - 2 * R) / v1, 2))} s), report ball 2's velocity along x`,
      *run() {
        const [v] = yield* launch("object_1", [v1, 0, 0], duration, [{ tool: "get_velocity", parameters: { object_id: "object_2" } }]);
        return round(velocity(v)[0]);
      },
      closedForm: {
        value: (2 * m1 * v1) / (m1 + m2),
        tolerance: 0.03,
        formula: `elastic collision: v2' = 2·m1·v1/(m1 + m2) = 2 × ${fmt(m1)} × ${fmt(v1)} / (${fmt(m1)} + ${fmt(m2)})`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
