// The MSL speed-dependent force/torque laws, shared by the translational and rotational
// braking comparisons: F(v) is the force (torque) on the body, dF the derivative dF/dv.
export interface SpeedLaw {
  F: (v: number) => number;
  dF: (v: number) => number;
}

/** SignForce/SignTorque with reg = Linear: nominal·sign(v), linear below v0. */
export const signLaw = (nominal: number, v0: number): SpeedLaw => ({
  F: (v) => (Math.abs(v) >= v0 ? nominal * Math.sign(v) : (nominal * v) / v0),
  dF: (v) => (Math.abs(v) >= v0 ? 0 : nominal / v0),
});

/** Linear: nominal·v/v_nominal. */
export const linearLaw = (nominal: number, vNominal: number): SpeedLaw => ({
  F: (v) => (nominal * v) / vNominal,
  dF: () => nominal / vNominal,
});

/** Quadratic: nominal·(v/v_nominal)²·sign(v). */
export const quadraticLaw = (nominal: number, vNominal: number): SpeedLaw => ({
  F: (v) => (nominal * v * Math.abs(v)) / (vNominal * vNominal),
  dF: (v) => (2 * nominal * Math.abs(v)) / (vNominal * vNominal),
});

/** Inverse: nominal·v_nominal/v for |v| ≥ v0, linear below (msl-examples.md). */
export const inverseLaw = (nominal: number, vNominal: number, v0: number): SpeedLaw => ({
  F: (v) => (Math.abs(v) >= v0 ? (nominal * vNominal) / v : (nominal * v) / v0),
  dF: (v) => (Math.abs(v) >= v0 ? (-nominal * vNominal) / (v * v) : nominal / v0),
});
