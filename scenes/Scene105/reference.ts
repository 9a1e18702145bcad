// Spin the wheel, attach a created ball off-axis, and compare angular speed and energy.
import type { ReferenceProcedure } from "../../engine/physment/reference.ts";
import { createWithMass, round, spinUp } from "../procedures.ts";

const I = 0.5 * 4 * 0.3 ** 2;
const M = 2000 * (4 / 3) * Math.PI * 0.05 ** 3;
const IB = M * 0.25 ** 2 + 0.4 * M * 0.05 ** 2;

export const reference: ReferenceProcedure = {
  summary: "torque 1.8 N·m for 1 s, E₀; create the ball, attach, step 1 s; report [2E/L of the wheel, 1 − (E_wheel + KE_ball + E_rot,ball)/E₀]",
  *run() {
    const before = yield* spinUp("object_1", [0, 0, 1.8], 1);
    const m = yield* createWithMass({ name: "ball", pos: [0.25, 0, 1.105], density: 2000, radius: 0.05 });
    const [, , l, e, kb, rb] = yield [
      { tool: "attach_objects", parameters: { object1_id: "object_1", object2_id: "ball" } },
      { tool: "step", parameters: { duration: 1 } },
      { tool: "get_angular_momentum", parameters: { object_id: "object_1" } },
      { tool: "get_rotational_energy", parameters: { object_id: "object_1" } },
      { tool: "get_kinetic_energy", parameters: { object_id: "ball", mass: m } },
      { tool: "get_rotational_energy", parameters: { object_id: "ball" } },
    ];
    const L = (l.result!.angular_momentum as { z: number }).z;
    const E = e.result!.rotational_energy as number;
    const after = E + (kb.result!.kinetic_energy as number) + (rb.result!.rotational_energy as number);
    return [round((2 * E) / L), round(1 - after / before)];
  },
  closedForm: { value: [(I * 10) / (I + IB), IB / (I + IB)], tolerance: 0.03, formula: "[Iω₀/(I + I_b), I_b/(I + I_b)] with I = ½·4·0.3², ω₀ = 10, I_b = m·0.25² + (2/5)m·0.05², m = 2000·(4/3)π·0.05³" },
};
