// Pull the glider a distance A along +x, release it, read its speed t later.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { nearTurningPoint } from "../constraints.ts";

export const variation = defineVariation({
  parameters: {
    k: { base: 50, min: 20, max: 120, step: 5, unit: "N/m" },
    m: { base: 0.5, min: 0.2, max: 1.5, step: 0.1, unit: "kg" },
    A: { base: 0.1, min: 0.05, max: 0.3, step: 0.01, unit: "m" },
    t: { base: 0.1, min: 0.05, max: 0.3, step: 0.01, unit: "s" },
  },
  // (the amplitude's range keeps the glider on its 1 m rail)
  constraint: ({ k, m, t }) => nearTurningPoint(Math.sqrt(k / m), t),
  world: ({ k, m }) => [
    { tag: "joint", name: "object_1_joint", attr: "stiffness", value: k },
    { tag: "geom", name: "glider", attr: "mass", value: m },
  ],
  text: ({ k, A, t }) => [
    ["stiffness 50 N/m", `stiffness ${fmt(k)} N/m`],
    ["to x = 0.1 m", `to x = ${fmt(A)} m`],
    ["0.1 s after release", `${fmt(t)} s after release`],
    ["glider to (0.1, 0, 0.06)", `glider to (${fmt(A)}, 0, 0.06)`],
    ["the simulation by 0.1 s", `the simulation by ${fmt(t)} s`],
    ["0.1 s later", `${fmt(t)} s later`],
  ],
  procedure: ({ k, m, A, t }) => ({
    summary: `move the glider to x = ${fmt(A)} m, step ${fmt(t)} s, report its speed`,
    *run() {
      const [, , v] = yield [
        { tool: "move_object", parameters: { object_id: "object_1", x: A, y: 0, z: 0.06 } },
        { tool: "step", parameters: { duration: t } },
        { tool: "get_velocity", parameters: { object_id: "object_1" } },
      ];
      const [vx, vy, vz] = v.result!.velocity as number[];
      return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
    },
    closedForm: {
      value: A * Math.sqrt(k / m) * Math.abs(Math.sin(Math.sqrt(k / m) * t)),
      tolerance: 0.03,
      formula: `|v| = A·ω·|sin(ω·t)|, ω = √(k/m) = √(${fmt(k)}/${fmt(m)}) = ${fmt(Math.sqrt(k / m))} rad/s, A = ${fmt(A)} m, t = ${fmt(t)} s`,
    },
  }),
});

export const reference = baseProcedure(variation);
