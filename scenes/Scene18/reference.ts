// Create a 0.1 m water-density ball 10 m up, apply 0.5 N·m about z for 0.4 s, read its rotational energy.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { round, spinUp } from "../procedures.ts";

const m = 1000 * (4 / 3) * Math.PI * 0.1 ** 3;
const I = 0.4 * m * 0.1 ** 2;

export const reference: ReferenceProcedure = {
  summary: "create the ball at (0, 0, 10), apply a (0, 0, 0.5) N·m torque for 0.4 s, report its rotational energy",
  *run() {
    return round(yield* spinUp("ball", [0, 0, 0.5], 0.4, [
      { tool: "create_objects", parameters: { name: "ball", pos: [0, 0, 10], radius: 0.1, density: 1000 } },
    ]));
  },
  closedForm: {
    value: (0.5 * 0.4) ** 2 / (2 * I),
    tolerance: 0.02,
    formula: "E = L²/(2I), L = τ·Δt = 0.5 × 0.4, I = (2/5)·m·r² with m = 1000·(4/3)·π·0.1³",
  },
};
