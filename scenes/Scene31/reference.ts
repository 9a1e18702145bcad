// Find the torque that holds the beam still: apply a trial torque about −y, step one timestep
// and read the beam centre's acceleration across it (linear in the torque), and correct the
// torque by the secant through the last two trials until the acceleration vanishes; then stop
// the slow swing the trials left with one timestep of a correcting torque and check over half
// a second that the beam stays still.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { holdStill, round } from "../procedures.ts";

/** The holding torque about the hinge (beam's weight at L/2, ball's at L). */
const holding = (L: number, mBeam: number, mBall: number) => 9.81 * (mBeam * (L / 2) + mBall * L);

// The beam's length and both masses, none of which the task states, vary.
export const variation = defineVariation({
  parameters: {
    L: { base: 1.2, min: 0.8, max: 1.6, step: 0.1, unit: "m" },
    mBeam: { base: 1.5, min: 0.5, max: 2.5, step: 0.25, unit: "kg" },
    mBall: { base: 0.5, min: 0.1, max: 1, step: 0.1, unit: "kg" },
  },
  // The secant's first trials (5 and 10 N·m, one timestep each) leave the beam swinging; the
  // faster it swings, the more its centre's acceleration drifts between trials, and past
  // about 0.07 rad/s (or a holding torque far above the trials) it never settles below 1e-6.
  constraint: ({ L, mBeam, mBall }) => {
    const tau = holding(L, mBeam, mBall);
    if (tau > 22) return `the holding torque ${fmt(tau)} N·m lies far above the first trials`;
    const w = (0.005 * Math.abs(15 - 2 * tau)) / (mBeam * L * L / 3 + mBall * L * L);
    return w > 0.07 ? `the first trials would leave the beam swinging at ${fmt(w)} rad/s` : null;
  },
  world: ({ L, mBeam, mBall }) => [
    { tag: "body", name: "object_1", attr: "pos", index: 0, value: L / 2 },
    { tag: "joint", name: "object_1_joint", attr: "pos", index: 0, value: -L / 2 },
    { tag: "geom", name: "beam", attr: "size", index: 0, value: L / 2 },
    { tag: "geom", name: "beam", attr: "mass", value: mBeam },
    { tag: "geom", name: "end_ball", attr: "pos", index: 0, value: L / 2 },
    { tag: "geom", name: "end_ball", attr: "mass", value: mBall },
  ],
  text: () => [],
  procedure: ({ L, mBeam, mBall }) => ({
    summary:
      "repeat: apply_torque (0, −τ, 0), step one timestep, get_acceleration; secant on a_z(τ) until |a_z| < 1e-6; one timestep of the torque that cancels the trials' swing, then 0.5 s to check the beam stays still; report τ",
    *run() {
      const tau = yield* holdStill(
        "object_1",
        (tau) => ({ tool: "apply_torque", parameters: { object_id: "object_1", torque_vector: [0, -tau, 0] } }),
        "the beam",
      );
      return round(tau);
    },
    closedForm: {
      value: holding(L, mBeam, mBall),
      tolerance: 0.01,
      formula: `τ = g·(m_beam·L/2 + m_ball·L) = 9.81 × (${fmt(mBeam)} × ${fmt(L / 2)} + ${fmt(mBall)} × ${fmt(L)})`,
    },
  }),
});

export const reference = baseProcedure(variation);
