// Create a 0.05 m ball (1000 kg/m³) over the platform edge, throw it horizontally at 4 m/s, read its momentum 0.5 s later.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { createWithMass, launch, round } from "../procedures.ts";

const m = 1000 * (4 / 3) * Math.PI * 0.05 ** 3;

export const reference: ReferenceProcedure = {
  summary: "create the ball at (0.1, 0, 2.6), set its velocity to (4, 0, 0), step 0.5 s, report |momentum| using its mass",
  *run() {
    const mass = yield* createWithMass({ name: "ball", pos: [0.1, 0, 2.6], radius: 0.05, density: 1000 });
    const [p] = yield* launch("ball", [4, 0, 0], 0.5, [{ tool: "get_momentum", parameters: { object_id: "ball", mass } }]);
    const { x, y, z } = p.result!.momentum as { x: number; y: number; z: number };
    return round(Math.hypot(x, y, z));
  },
  closedForm: {
    value: m * Math.hypot(4, 9.81 * 0.5),
    tolerance: 0.02,
    formula: "|p| = m·√(vx² + (g·t)²), m = 1000·(4/3)·π·0.05³, vx = 4 m/s, t = 0.5 s",
  },
};
