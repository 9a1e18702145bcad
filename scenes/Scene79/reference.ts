// Drive the flywheel with τ in 0.25 s pulses until its rotational energy passes 10 J;
// I = L²/(2E) and the 10 J time from E ∝ t².
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const inertia = (m: number, r: number) => 0.5 * m * r ** 2;
const reach10 = (TAU: number, I: number) => Math.sqrt(2 * I * 10) / TAU;

// The flywheel's mass and radius (neither stated in the task) and the torque vary.
export const variation = defineVariation({
  parameters: {
    TAU: { base: 0.9, min: 0.4, max: 2, step: 0.1, unit: "N·m" },
    m: { base: 4, min: 2, max: 8, step: 0.5, unit: "kg" },
    r: { base: 0.3, min: 0.2, max: 0.4, step: 0.05, unit: "m" },
  },
  // 10 J within the sixteen 0.25 s pulses, at a spin the 5 ms steps follow
  constraint: ({ TAU, m, r }) => {
    const I = inertia(m, r), t = reach10(TAU, I);
    if (t > 3.7) return `10 J would take ${fmt(t)} s`;
    return (TAU * t) / I > 60 ? `the flywheel would spin at ${fmt((TAU * t) / I)} rad/s` : null;
  },
  world: ({ m, r }) => [
    { tag: "geom", name: "flywheel", attr: "size", index: 0, value: r },
    { tag: "geom", name: "flywheel", attr: "mass", value: m },
  ],
  text: ({ TAU }) => [["torque of 0.9 N·m about +z", `torque of ${fmt(TAU)} N·m about +z`]],
  procedure: ({ TAU, m, r }) => {
    const I = inertia(m, r);
    return {
      summary: `apply ${
        fmt(TAU)
      } N·m about z for 0.25 s at a time, reading E_rot and L, until E_rot > 10 J; report [L²/(2E), t·√(10/E)]`,
      *run() {
        for (let k = 0; k < 16; k++) {
          const [, e, l, p] = yield [
            { tool: "apply_torque", parameters: { object_id: "object_1", torque_vector: [0, 0, TAU], duration: 0.25 } },
            { tool: "get_rotational_energy", parameters: { object_id: "object_1" } },
            { tool: "get_angular_momentum", parameters: { object_id: "object_1" } },
            { tool: "get_position", parameters: { object_id: "object_1" } },
          ];
          const E = e.result!.rotational_energy as number;
          if (E > 10) {
            const L = (l.result!.angular_momentum as { z: number }).z;
            const t = p.result!.time as number;
            return [Math.round(((L * L) / (2 * E)) * 10000) / 10000, Math.round(t * Math.sqrt(10 / E) * 1000) / 1000];
          }
        }
        throw new Error("the flywheel never reached 10 J");
      },
      closedForm: {
        value: [I, reach10(TAU, I)],
        tolerance: 0.02,
        formula: `[½mr², √(2IE)/τ] with m = ${fmt(m)}, r = ${fmt(r)}, E = 10, τ = ${fmt(TAU)}`,
      },
    };
  },
});

export const reference = baseProcedure(variation);
