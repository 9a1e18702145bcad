import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { round, spinUp } from "../procedures.ts";

// Object creation + rotational dynamics (angular impulse τ·t) + rotational energy L²/(2I).
const M = 1000 * (4 / 3) * Math.PI * 0.1 ** 3;
const I = 0.4 * M * 0.1 ** 2;

export const reference: ReferenceProcedure = {
  summary: "create the spinner (r 0.1 m, 1000 kg/m³) at (0, 0, 10), apply torque [0, 0, 0.1] N·m for 1.0 s, report get_rotational_energy",
  *run() {
    return round(yield* spinUp("spinner", [0, 0, 0.1], 1.0, [
      { tool: "create_objects", parameters: { name: "spinner", pos: [0, 0, 10], density: 1000, radius: 0.1 } },
    ]));
  },
  closedForm: { value: (0.1 * 1.0) ** 2 / (2 * I), tolerance: 0.02, formula: "E = (τ·t)²/(2·I), I = (2/5)·m·r², m = 1000·(4/3)π·0.1³" },
};
