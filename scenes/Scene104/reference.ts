// Let the loaded platform settle, delete the load, step until the platform's vertical velocity
// turns negative, and report the rise and the time to the top.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { position, round, time, verticalTurn } from "../procedures.ts";

const BATCH = 20;

export const variation = defineVariation({
  parameters: {
    K: { base: 200, min: 100, max: 400, step: 10, unit: "N/m" },
    MP: { base: 0.5, min: 0.3, max: 1.5, step: 0.1, unit: "kg" },
    m: { base: 2, min: 0.5, max: 4, step: 0.25, unit: "kg" },
  },
  // a top the 5 ms samples resolve
  constraint: (
    { K, MP },
  ) => (Math.PI * Math.sqrt(MP / K) < 0.1
    ? `the platform would reach its top after only ${fmt(Math.PI * Math.sqrt(MP / K))} s`
    : null),
  world: ({ K, MP, m }) => [
    { tag: "joint", name: "object_1_joint", attr: "stiffness", value: K },
    { tag: "joint", name: "object_1_joint", attr: "springref", value: ((MP + m) * 9.81) / K },
    { tag: "geom", name: "platform", attr: "mass", value: MP },
    { tag: "geom", name: "load", attr: "mass", value: m },
  ],
  text: () => [],
  procedure: ({ K, MP, m }) => ({
    summary:
      "step 0.5 s, read z, delete the load, step 5 ms at a time until v_z < 0; report [max Δz, time of the top (interpolated v_z = 0)]",
    *run() {
      const [, p0] = yield [
        { tool: "step", parameters: { duration: 0.5 } },
        { tool: "get_position", parameters: { object_id: "object_1" } },
      ];
      const z0 = position(p0)[2];
      const t0 = time(p0);
      yield [{ tool: "delete_objects", parameters: { object_id: "object_2" } }];
      const top = yield* verticalTurn("object_1", 1, { z: z0, t: t0, v: 0 }, {
        batch: BATCH,
        maxBatches: 10,
        failure: "the platform never reached a top",
      });
      return [round(top.reach), round(top.at - t0)];
    },
    closedForm: {
      value: [(2 * m * 9.81) / K, Math.PI * Math.sqrt(MP / K)],
      tolerance: 0.03,
      formula: `[2mg/k, π√(M/k)] with m = ${fmt(m)}, M = ${fmt(MP)}, k = ${fmt(K)}`,
    },
  }),
});

export const reference = baseProcedure(variation);
