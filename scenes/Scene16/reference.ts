// Create a ball resting on the ramp, let it roll t seconds, read its speed.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";

const G = 9.81;
/** The ramp's half-thickness. */
const H = 0.05;
/** Where the ball starts: 2 m up the slope from the ramp's centre, measured along it. */
const S = -2;
const rad = (deg: number) => (deg * Math.PI) / 180;
const mm = (x: number) => Math.round(x * 1000) / 1000;

/** The ball's centre resting on the ramp's upper surface (1 mm above it, so it starts clear). */
function start(theta: number, r: number): number[] {
  const c = Math.cos(rad(theta));
  const s = Math.sin(rad(theta));
  return [mm(S * c + (H + r) * s), 0, mm(-S * s + (H + r) * c + 0.001)];
}

export const variation = defineVariation({
  parameters: {
    theta: { base: 20, min: 10, max: 30, step: 2, unit: "°" },
    t: { base: 1, min: 0.4, max: 1.4, step: 0.1, unit: "s" },
    r: { base: 0.1, min: 0.05, max: 0.2, step: 0.05, unit: "m" },
    rho: { base: 1000, min: 200, max: 3000, step: 200, unit: "kg/m³" },
  },
  // the ball must still be on the ramp at t: its surface reaches the ground 2 m + H·cot θ
  // down the slope from the start (0.3 m kept in hand)
  constraint: ({ theta, t }) => {
    const d = 0.5 * (5 / 7) * G * Math.sin(rad(theta)) * t * t;
    const room = -S + H / Math.tan(rad(theta)) - 0.3;
    return d > room ? `the ball would roll ${fmt(d)} m in ${fmt(t)} s, off the ramp` : null;
  },
  world: ({ theta }) => [{ tag: "geom", name: "ramp", attr: "euler", value: [0, theta, 0] }],
  text: ({ theta, t, r, rho }) => {
    const [x, , z] = start(theta, r);
    return [
      ["tilted 20° from the horizontal", `tilted ${fmt(theta)}° from the horizontal`],
      [
        "radius 0.1 m and density 1000 kg/m³ at position (-1.828, 0, 0.826)",
        `radius ${fmt(r)} m and density ${fmt(rho)} kg/m³ at position (${fmt(x)}, 0, ${fmt(z)})`,
      ],
      ["its speed 1.0 s later", `its speed ${t.toFixed(1)} s later`],
      ["roll for 1.0 s", `roll for ${t.toFixed(1)} s`],
      ["the simulation by 1.0 s", `the simulation by ${t.toFixed(1)} s`],
    ];
  },
  procedure: ({ theta, t, r, rho }) => ({
    summary: `create a ${fmt(r)} m sphere on the ramp surface, step ${t.toFixed(1)} s, report its speed |v|`,
    *run() {
      const [, , v] = yield [
        { tool: "create_objects", parameters: { name: "ball", pos: start(theta, r), radius: r, density: rho } },
        { tool: "step", parameters: { duration: t } },
        { tool: "get_velocity", parameters: { object_id: "ball" } },
      ];
      const [vx, vy, vz] = v.result!.velocity as number[];
      return Math.round(Math.hypot(vx, vy, vz) * 1000) / 1000;
    },
    closedForm: {
      value: (5 / 7) * G * Math.sin(rad(theta)) * t,
      tolerance: 0.03,
      formula: `v = (5/7)·g·sin ${fmt(theta)}°·t (solid sphere rolling without slipping), t = ${t.toFixed(1)} s`,
    },
  }),
});

export const reference = baseProcedure(variation);
