// Reveal the hidden hanging ball, pull it A down, release, read its speed t later.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { nearTurningPoint } from "../constraints.ts";

export const variation = defineVariation({
  parameters: {
    k: { base: 800, min: 200, max: 1500, step: 50, unit: "N/m" },
    m: { base: 2, min: 0.5, max: 5, step: 0.25, unit: "kg" },
    A: { base: 0.05, min: 0.02, max: 0.1, step: 0.01, unit: "m" },
    t: { base: 0.06, min: 0.03, max: 0.3, step: 0.01, unit: "s" },
  },
  constraint: ({ k, m, t }) => nearTurningPoint(Math.sqrt(k / m), t),
  world: ({ k, m }) => [
    { tag: "joint", name: "object_2_joint", attr: "stiffness", value: k },
    { tag: "joint", name: "object_2_joint", attr: "springref", value: (m * 9.81) / k },
    { tag: "geom", name: "ball", attr: "mass", value: m },
  ],
  text: ({ k, A, t }) => [
    ["stiffness 800 N/m", `stiffness ${fmt(k)} N/m`],
    ["Pull the ball 0.05 m straight down", `Pull the ball ${fmt(A)} m straight down`],
    ["speed 0.06 s after release", `speed ${fmt(t)} s after release`],
    ["displace it 5 cm downward", `displace it ${fmt(A * 100)} cm downward`],
    ["speed 0.06 s later", `speed ${fmt(t)} s later`],
    ["moves it 0.05 m down, steps 0.06 s", `moves it ${fmt(A)} m down, steps ${fmt(t)} s`],
  ],
  procedure: ({ k, m, A, t }) => {
    const w = Math.sqrt(k / m);
    return {
      summary: `find_objects, move the hidden ball ${fmt(A)} m down, step ${fmt(t)} s, report its speed`,
      *run() {
        yield [{ tool: "find_objects", parameters: {} }];
        const [, , v] = yield [
          { tool: "change_position", parameters: { object_id: "object_2", dx: 0, dy: 0, dz: -A } },
          { tool: "step", parameters: { duration: t } },
          { tool: "get_velocity", parameters: { object_id: "object_2" } },
        ];
        const [vx, vy, vz] = v.result!.velocity as number[];
        return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
      },
      closedForm: {
        value: A * w * Math.abs(Math.sin(w * t)),
        tolerance: 0.03,
        formula: `|v| = A·ω·|sin(ω·t)|, ω = √(k/m) = √(${fmt(k)}/${fmt(m)}) = ${fmt(w)} rad/s, A = ${fmt(A)} m, t = ${
          fmt(t)
        } s`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
