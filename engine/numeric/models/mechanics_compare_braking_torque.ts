// MSL Rotational.Examples.CompareBrakingTorque: four inertias (w(start) = 100) braked at
// flange_a by SignTorque (reg = Linear), Linear-, Quadratic- and InverseSpeedDependentTorque.
// Torque on the inertia: −100·sign(w) (−100·w for |w| < w0); −w; −w·|w|/100; −10⁴/w for
// |w| ≥ w0, −100·w below (msl-examples.md). Flows go INTO a component: the source's
// flange.tau = −(torque on the inertia), inertia.flange_a.tau = +(torque on the inertia).
import { type NumericModelDef, req } from "../model.ts";
import { inverseLaw, linearLaw, quadraticLaw, type SpeedLaw, signLaw } from "./speed_laws.ts";


export const mechanics_compare_braking_torque: NumericModelDef = {
  mechanism: "mechanics_compare_braking_torque",
  build(block) {
    const p = block.parameters;
    const ts = req(p, "signTorque.tau_nominal"), w0s = req(p, "signTorque.w0");
    const tl = req(p, "linearSpeedDependentTorque.tau_nominal"), wl = req(p, "linearSpeedDependentTorque.w_nominal");
    const tq = req(p, "quadraticSpeedDependentTorque.tau_nominal"), wq = req(p, "quadraticSpeedDependentTorque.w_nominal");
    const ti = req(p, "inverseSpeedDependentTorque.tau_nominal"), wi = req(p, "inverseSpeedDependentTorque.w_nominal"), w0i = req(p, "inverseSpeedDependentTorque.w0");
    const pairs: [string, string, SpeedLaw][] = [
      ["inertia1", "signTorque", signLaw(ts, w0s)],
      ["inertia2", "linearSpeedDependentTorque", linearLaw(tl, wl)],
      ["inertia3", "quadraticSpeedDependentTorque", quadraticLaw(tq, wq)],
      ["inertia4", "inverseSpeedDependentTorque", inverseLaw(ti, wi, w0i)],
    ];
    const J = pairs.map(([n]) => req(p, `${n}.J`));
    const rhs = (_t: number, y: number[]) => pairs.flatMap(([, , law], k) => [y[2 * k + 1], law.F(y[2 * k + 1]) / J[k]]);
    return {
      state: pairs.flatMap(([n]) => [`${n}.phi`, `${n}.w`]),
      y0: pairs.flatMap(([n]) => [req(block.start, `${n}.phi`, "start value"), req(block.start, `${n}.w`, "start value")]),
      rhs,
      landmarks: {
        "signTorque.w": { w0: w0s, minus_w0: -w0s },
        "inverseSpeedDependentTorque.w": { w0: w0i, minus_w0: -w0i },
      },
      observe(_t, y) {
        const o: Record<string, number> = {};
        pairs.forEach(([n, src, law], k) => {
          const phi = y[2 * k], w = y[2 * k + 1];
          const tau = law.F(w), a = tau / J[k], dtau = law.dF(w) * a;
          for (const [pre, loc] of [[n, ""], [n, "flange_a."], [n, "flange_b."], [src, ""], [src, "flange."]]) {
            const d = (k2: number, v: string) => (loc ? `${pre}.d${k2}__${loc.replace(".", "__")}${v}` : `${pre}.d${k2}__${v}`);
            o[`${pre}.${loc}phi`] = phi;
            o[d(1, "phi")] = w;
            o[d(2, "phi")] = a;
          }
          for (const pre of [n, src]) {
            o[`${pre}.w`] = w;
            o[`${pre}.d1__w`] = a;
          }
          o[`${n}.a`] = a;
          o[`${n}.flange_a.tau`] = tau;
          o[`${n}.d1__flange_a__tau`] = dtau;
          o[`${n}.flange_b.tau`] = 0;
          o[`${n}.d1__flange_b__tau`] = 0;
          o[`${src}.flange.tau`] = -tau;
          o[`${src}.d1__flange__tau`] = -dtau;
        });
        return o;
      },
    };
  },
};
