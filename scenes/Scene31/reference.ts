// Find the torque that holds the beam still: apply a trial torque about −y, step one timestep
// and read the beam centre's acceleration across it (linear in the torque), and correct the
// torque by the secant through the last two trials until the acceleration vanishes; then stop
// the slow swing the trials left with one timestep of a correcting torque and check over half
// a second that the beam stays still.
import { baseProcedure, defineVariation, fmt } from "../../engine/physment/variation/declare.ts";
import { holdStill, round } from "../procedures.ts";

// The beam's length and both masses, none of which the task states, vary.
export const variation = defineVariation({
  parameters: {
    L: { base: 1.2, min: 0.6, max: 2, step: 0.1, unit: "m" },
    mBeam: { base: 1.5, min: 0.5, max: 4, step: 0.25, unit: "kg" },
    mBall: { base: 0.5, min: 0.1, max: 2, step: 0.1, unit: "kg" },
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
      value: 9.81 * (mBeam * (L / 2) + mBall * L),
      tolerance: 0.01,
      formula: `τ = g·(m_beam·L/2 + m_ball·L) = 9.81 × (${fmt(mBeam)} × ${fmt(L / 2)} + ${fmt(mBall)} × ${fmt(L)})`,
    },
  }),
});

export const reference = baseProcedure(variation);
