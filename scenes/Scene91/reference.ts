// Create the ball, read its mass, step one timestep at a time (in batches) until it touches
// the platform, and report |p| at the first contact.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { eachStep, masses, round } from "../procedures.ts";

const BATCH = 25;

export const variation = defineVariation({
  parameters: {
    rho: { base: 2000, min: 500, max: 6000, step: 250, unit: "kg/m³" },
    z: { base: 2.1, min: 1.2, max: 4, step: 0.1, unit: "m" },
  },
  world: () => [],
  text: (
    { rho, z },
  ) => [[
    "density 2000 kg/m³, its centre at (0, 0, 2.1) m",
    `density ${fmt(rho)} kg/m³, its centre at (0, 0, ${fmt(z)}) m`,
  ]],
  procedure: ({ rho, z }) => ({
    summary: `create a ρ = ${fmt(rho)}, r = 0.1 sphere at z = ${
      fmt(z)
    }, read its mass, step 5 ms at a time until it touches the platform, report |p|`,
    *run() {
      yield [{ tool: "create_objects", parameters: { name: "object_3", pos: [0, 0, z], density: rho, radius: 0.1 } }];
      const [mass] = yield* masses("object_3");
      return yield* eachStep(
        [
          { tool: "detect_collision", parameters: { obj1_id: "object_3", obj2_id: "object_2" } },
          { tool: "get_momentum", parameters: { object_id: "object_3", mass } },
        ],
        { batch: BATCH, maxBatches: 15, failure: "the ball never reached the platform" },
        ([hit, mom]) => {
          if (!hit.result!.collision_detected) return undefined;
          const p = mom.result!.momentum as { x: number; y: number; z: number };
          return round(Math.hypot(p.x, p.y, p.z));
        },
      );
    },
    closedForm: {
      value: rho * (4 / 3) * Math.PI * 0.1 ** 3 * Math.sqrt(2 * 9.81 * (z - 0.6)),
      tolerance: 0.03,
      formula: `ρ·(4/3)πr³·√(2gh), ρ = ${fmt(rho)}, r = 0.1, h = ${fmt(z - 0.6)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
