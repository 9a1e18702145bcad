// Release the pendulum and read the bob's speed a quarter period later, when it passes the bottom.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";

export const reference: ReferenceProcedure = {
  summary: "step a quarter period (π/2·√(L/g) ≈ 0.50 s), report the bob's speed at the lowest point",
  *run() {
    const [, v] = yield [
      { tool: "step", parameters: { duration: 0.5 } },
      { tool: "get_velocity", parameters: { object_id: "object_1" } },
    ];
    const [vx, vy, vz] = v.result!.velocity as number[];
    return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
  },
  closedForm: {
    value: Math.sqrt(2 * 9.81 * 1 * (1 - Math.cos(0.1))),
    tolerance: 0.03,
    formula: "v = √(2·g·L·(1 − cos θ0)), L = 1 m, θ0 = 0.1 rad (energy conservation; the bottom is reached after T/4 = (π/2)·√(L/g) ≈ 0.50 s)",
  },
};
