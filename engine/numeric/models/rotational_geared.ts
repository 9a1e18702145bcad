// Geared rotational drive trains (MSL Rotational.Examples.First / FirstGrounded and the
// grounded geared dual-inertia composition): a torque source drives inertia1, an ideal
// gear (phi_a = ratio·phi_b, ratio·flange_a.tau + flange_b.tau = 0) drives inertia2, which
// a damper ties to the fixed flange; optionally a spring carries inertia2 to inertia3.
// Reflected to inertia2: (J2 + ratio²·J1)·a2 = ratio·tau + tau_s + tau_d, with the spring
// torque tau_s = c·(phi3 − phi2 − phi_rel0) and the damper torque tau_d = d·(0 − w2).
// Flows go INTO a component: torque.flange.tau = −tau, compliant flange_b.tau = tau,
// flange_a.tau = −tau.
import { type NumericBlock, type NumericSystem, req } from "../model.ts";
import type { SignalValue } from "./signals.ts";

export interface GearedOptions {
  /** The drive signal (value, rate and, for a sine, second derivative) and its block name. */
  drive: (p: Record<string, number>) => { signal: string; input: (t: number) => SignalValue; period?: number };
  withSpring: boolean;
  /** Torque and gear supports on the fixed flange (MSL First) or internally grounded. */
  withSupport: boolean;
}

export function gearedTrain(opts: GearedOptions, block: NumericBlock): NumericSystem {
  const p = block.parameters, st = block.start;
  const J1 = req(p, "inertia1.J"), J2 = req(p, "inertia2.J"), r = req(p, "idealGear.ratio"), d = req(p, "damper.d");
  const c = opts.withSpring ? req(p, "spring.c") : 0, rel0 = opts.withSpring ? req(p, "spring.phi_rel0") : 0;
  const J3 = opts.withSpring ? req(p, "inertia3.J") : 1;
  const phi0 = req(p, "fixed.phi0");
  const drive = opts.drive(p);
  const Jr = J2 + r * r * J1;
  // state: phi2, w2 (and phi3, w3 with the spring)
  const ev = (t: number, y: number[]) => {
    const [phi2, w2] = y;
    const phi3 = opts.withSpring ? y[2] : 0, w3 = opts.withSpring ? y[3] : 0;
    const sig = drive.input(t);
    const [tau, dtau] = sig;
    const ts = opts.withSpring ? c * (phi3 - phi2 - rel0) : 0;
    const td = d * (0 - w2);
    const a2 = (r * tau + ts + td) / Jr;
    const a3 = -ts / J3;
    const dts = opts.withSpring ? c * (w3 - w2) : 0;
    const dtd = -d * a2;
    const j2 = (r * dtau + dts + dtd) / Jr;
    const j3 = -dts / J3;
    return { phi2, w2, phi3, w3, sig, tau, dtau, ts, td, a2, a3, dts, dtd, j2, j3 };
  };
  const y0 = [req(st, "inertia2.phi", "start value"), req(st, "inertia2.w", "start value")];
  if (opts.withSpring) {
    y0.push(y0[0] + req(st, "spring.phi_rel", "start value"), req(st, "inertia3.w", "start value"));
  }
  return {
    state: opts.withSpring ? ["inertia2.phi", "inertia2.w", "inertia3.phi", "inertia3.w"] : ["inertia2.phi", "inertia2.w"],
    y0,
    period: drive.period,
    rhs(t, y) {
      const e = ev(t, y);
      return opts.withSpring ? [e.w2, e.a2, e.w3, e.a3] : [e.w2, e.a2];
    },
    observe(t, y) {
      const e = ev(t, y);
      const o: Record<string, number> = {};
      const kin = (inst: string, port: string | null, phi: number, w: number, a: number) => {
        const q = port ? `${port}.` : "", dq = port ? `${port}__` : "";
        o[`${inst}.${q}phi`] = phi;
        o[`${inst}.d1__${dq}phi`] = w;
        o[`${inst}.d2__${dq}phi`] = a;
      };
      const flow = (inst: string, port: string, tau: number, dtau: number) => {
        o[`${inst}.${port}.tau`] = tau;
        o[`${inst}.d1__${port}__tau`] = dtau;
      };
      const phi1 = r * e.phi2, w1 = r * e.w2, a1 = r * e.a2, j1 = r * e.j2;
      // gear flange flows: Ta into flange_a, Tb = −r·Ta into flange_b; J1·a1 = tau − Ta
      const Ta = e.tau - J1 * a1, dTa = e.dtau - J1 * j1;
      for (const [inst, phi, w, a] of [["inertia1", phi1, w1, a1], ["inertia2", e.phi2, e.w2, e.a2]] as const) {
        kin(inst, null, phi, w, a);
        kin(inst, "flange_a", phi, w, a);
        kin(inst, "flange_b", phi, w, a);
        o[`${inst}.w`] = w;
        o[`${inst}.d1__w`] = a;
        o[`${inst}.a`] = a;
      }
      flow("inertia1", "flange_a", e.tau, e.dtau);
      flow("inertia1", "flange_b", -Ta, -dTa);
      flow("inertia2", "flange_a", r * Ta, r * dTa);
      flow("inertia2", "flange_b", e.td + e.ts, e.dtd + e.dts);
      // torque source
      kin("torque", "flange", phi1, w1, a1);
      flow("torque", "flange", -e.tau, -e.dtau);
      o["torque.tau"] = e.tau;
      o["torque.d1__tau"] = e.dtau;
      o[`${drive.signal}.y`] = e.tau;
      o[`${drive.signal}.d1__y`] = e.dtau;
      if (e.sig.length === 3) o[`${drive.signal}.d2__y`] = e.sig[2];
      // gear
      kin("idealGear", "flange_a", phi1, w1, a1);
      kin("idealGear", "flange_b", e.phi2, e.w2, e.a2);
      o["idealGear.phi_a"] = phi1;
      o["idealGear.d1__phi_a"] = w1;
      o["idealGear.d2__phi_a"] = a1;
      o["idealGear.phi_b"] = e.phi2;
      o["idealGear.d1__phi_b"] = e.w2;
      o["idealGear.d2__phi_b"] = e.a2;
      flow("idealGear", "flange_a", Ta, dTa);
      flow("idealGear", "flange_b", -r * Ta, -r * dTa);
      // damper between inertia2 and the fixed flange: tau_d = d·w_rel, w_rel = 0 − w2
      kin("damper", "flange_a", e.phi2, e.w2, e.a2);
      kin("damper", "flange_b", phi0, 0, 0);
      o["damper.phi_rel"] = phi0 - e.phi2;
      o["damper.d1__phi_rel"] = -e.w2;
      o["damper.d2__phi_rel"] = -e.a2;
      o["damper.w_rel"] = -e.w2;
      o["damper.d1__w_rel"] = -e.a2;
      o["damper.tau"] = e.td;
      o["damper.d1__tau"] = e.dtd;
      flow("damper", "flange_a", -e.td, -e.dtd);
      flow("damper", "flange_b", e.td, e.dtd);
      let fixedTau = -e.td, dFixedTau = -e.dtd;
      if (opts.withSupport) {
        kin("torque", "support", phi0, 0, 0);
        flow("torque", "support", e.tau, e.dtau);
        kin("idealGear", "support", phi0, 0, 0);
        flow("idealGear", "support", -(Ta - r * Ta), -(dTa - r * dTa));
        fixedTau -= e.tau - (Ta - r * Ta);
        dFixedTau -= e.dtau - (dTa - r * dTa);
      }
      kin("fixed", "flange", phi0, 0, 0);
      flow("fixed", "flange", fixedTau, dFixedTau);
      if (opts.withSpring) {
        kin("spring", "flange_a", e.phi2, e.w2, e.a2);
        kin("spring", "flange_b", e.phi3, e.w3, e.a3);
        o["spring.phi_rel"] = e.phi3 - e.phi2;
        o["spring.d1__phi_rel"] = e.w3 - e.w2;
        o["spring.stretch"] = e.phi3 - e.phi2 - rel0;
        o["spring.d1__stretch"] = e.w3 - e.w2;
        o["spring.tau"] = e.ts;
        o["spring.d1__tau"] = e.dts;
        flow("spring", "flange_a", -e.ts, -e.dts);
        flow("spring", "flange_b", e.ts, e.dts);
        for (const q of [null, "flange_a", "flange_b"]) kin("inertia3", q, e.phi3, e.w3, e.a3);
        o["inertia3.w"] = e.w3;
        o["inertia3.d1__w"] = e.a3;
        o["inertia3.a"] = e.a3;
        flow("inertia3", "flange_a", -e.ts, -e.dts);
        flow("inertia3", "flange_b", 0, 0);
      }
      return o;
    },
  };
}
