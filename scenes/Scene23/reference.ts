// Reveal the hidden block, let it slide 1.0 s down the incline, read how far it moved.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

const th = (25 * Math.PI) / 180;

export const reference: ReferenceProcedure = {
  summary: "find_objects, step 1.0 s, report the hidden block's displacement",
  *run() {
    yield [{ tool: "find_objects", parameters: {} }];
    const [, d] = yield [
      { tool: "step", parameters: { duration: 1.0 } },
      { tool: "get_displacement", parameters: { object_id: "object_3" } },
    ];
    return Math.round((d.result!.displacement as number) * 1000) / 1000;
  },
  closedForm: {
    value: 0.5 * 9.81 * (Math.sin(th) - 0.2 * Math.cos(th)) * 1.0 ** 2,
    tolerance: 0.04,
    formula: "d = ½·g·(sin θ − μ·cos θ)·t², θ = 25°, μ = 0.2, t = 1.0 s",
  },
};
