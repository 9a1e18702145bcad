// Electrothermal compositions: a constant voltage feeds HeatingResistors
// (R_actual = R·(1 + alpha·(T − T_ref)), heatPort.Q_flow = −LossPower) whose heat ports
// sit on heat capacitors cooled to a fixed ambient through thermal conductors.
// Rates of the algebraic electrical quantities are d/dt X = dX/dT · der(T), with dX/dT
// by a central difference in T (the circuit is an algebraic function of the temperatures).
import { type NumericModelDef, req } from "../model.ts";

type Obs = Record<string, number>;

/** Electrical two-pole observations: v, i, pins and their rates. */
function twoPole(o: Obs, n: string, vp: number, vn: number, i: number, dvp: number, dvn: number, di: number) {
  o[`${n}.v`] = vp - vn;
  o[`${n}.d1__v`] = dvp - dvn;
  o[`${n}.i`] = i;
  o[`${n}.d1__i`] = di;
  o[`${n}.p.v`] = vp;
  o[`${n}.n.v`] = vn;
  o[`${n}.d1__p__v`] = dvp;
  o[`${n}.d1__n__v`] = dvn;
  o[`${n}.p.i`] = i;
  o[`${n}.n.i`] = -i;
  o[`${n}.d1__p__i`] = di;
  o[`${n}.d1__n__i`] = -di;
}

function heating(o: Obs, n: string, R: number, alpha: number, Tref: number, T: number, dT: number, v: number, dv: number) {
  const Ra = R * (1 + alpha * (T - Tref)), dRa = R * alpha * dT;
  const i = v / Ra, di = (dv * Ra - v * dRa) / (Ra * Ra);
  o[`${n}.R_actual`] = Ra;
  o[`${n}.d1__R_actual`] = dRa;
  o[`${n}.LossPower`] = v * i;
  o[`${n}.d1__LossPower`] = dv * i + v * di;
  o[`${n}.heatPort.T`] = T;
  o[`${n}.d1__heatPort__T`] = dT;
  o[`${n}.heatPort.Q_flow`] = -v * i;
  o[`${n}.d1__heatPort__Q_flow`] = -(dv * i + v * di);
  return { i, di, P: v * i, dP: dv * i + v * di };
}

function capacitor(o: Obs, n: string, C: number, T: number, dT: number, d2T: number) {
  o[`${n}.T`] = T;
  o[`${n}.d1__T`] = dT;
  o[`${n}.port.T`] = T;
  o[`${n}.d1__port__T`] = dT;
  o[`${n}.port.Q_flow`] = C * dT;
  o[`${n}.d1__port__Q_flow`] = C * d2T;
}

function conductor(o: Obs, n: string, G: number, Ta: number, dTa: number, Tb: number, dTb: number) {
  o[`${n}.dT`] = Ta - Tb;
  o[`${n}.d1__dT`] = dTa - dTb;
  o[`${n}.Q_flow`] = G * (Ta - Tb);
  o[`${n}.d1__Q_flow`] = G * (dTa - dTb);
  o[`${n}.port_a.T`] = Ta;
  o[`${n}.port_b.T`] = Tb;
  o[`${n}.d1__port_a__T`] = dTa;
  o[`${n}.d1__port_b__T`] = dTb;
  o[`${n}.port_a.Q_flow`] = G * (Ta - Tb);
  o[`${n}.port_b.Q_flow`] = -G * (Ta - Tb);
  o[`${n}.d1__port_a__Q_flow`] = G * (dTa - dTb);
  o[`${n}.d1__port_b__Q_flow`] = -G * (dTa - dTb);
}

function fixedAndSource(o: Obs, V: number, iSource: number, diSource: number, Tamb: number, Qamb: number, dQamb: number) {
  // the source's flow at p is −(the current it delivers)
  twoPole(o, "constantVoltage", V, 0, -iSource, 0, 0, -diSource);
  o["ground.p.v"] = 0;
  o["ground.d1__p__v"] = 0;
  o["ground.p.i"] = 0;
  o["ground.d1__p__i"] = 0;
  o["ambient.T"] = Tamb;
  o["ambient.port.T"] = Tamb;
  o["ambient.d1__port__T"] = 0;
  o["ambient.port.Q_flow"] = Qamb;
  o["ambient.d1__port__Q_flow"] = dQamb;
}

export const electrical_electrothermal_resistor_parallel: NumericModelDef = {
  mechanism: "electrical_electrothermal_resistor_parallel",
  build(block) {
    const p = block.parameters;
    const V = req(p, "constantVoltage.V"), Tamb = req(p, "ambient.T");
    const br = [1, 2].map((k) => ({
      r: `resistor${k}`, b: `body${k}`, c: `conductor${k}`,
      R: req(p, `resistor${k}.R`), alpha: req(p, `resistor${k}.alpha`), Tref: req(p, `resistor${k}.T_ref`),
      C: req(p, `body${k}.C`), G: req(p, `conductor${k}.G`),
    }));
    const power = (k: number, T: number) => {
      const b = br[k];
      return (V * V) / (b.R * (1 + b.alpha * (T - b.Tref)));
    };
    const rhs = (_t: number, y: number[]) => br.map((b, k) => (power(k, y[k]) - b.G * (y[k] - Tamb)) / b.C);
    return {
      state: ["body1.T", "body2.T"],
      y0: [req(block.start, "body1.T", "start value"), req(block.start, "body2.T", "start value")],
      rhs,
      observe(t, y) {
        const o: Obs = {};
        const dy = rhs(t, y);
        let iS = 0, diS = 0, Q = 0, dQ = 0;
        br.forEach((b, k) => {
          const T = y[k], dT = dy[k];
          const h = heating(o, b.r, b.R, b.alpha, b.Tref, T, dT, V, 0);
          twoPole(o, b.r, V, 0, h.i, 0, 0, h.di);
          const d2T = (h.dP - b.G * dT) / b.C;
          capacitor(o, b.b, b.C, T, dT, d2T);
          conductor(o, b.c, b.G, T, dT, Tamb, 0);
          iS += h.i;
          diS += h.di;
          Q += b.G * (T - Tamb);
          dQ += b.G * dT;
        });
        fixedAndSource(o, V, iS, diS, Tamb, Q, dQ);
        return o;
      },
    };
  },
};

export const electrical_electrothermal_resistor_ladder: NumericModelDef = {
  mechanism: "electrical_electrothermal_resistor_ladder",
  build(block) {
    const p = block.parameters;
    const V = req(p, "constantVoltage.V"), Tamb = req(p, "ambient.T");
    const C = req(p, "board.C"), G = req(p, "boardConductor.G"), RL = req(p, "load.R");
    const hr = (n: string) => ({ R: req(p, `${n}.R`), alpha: req(p, `${n}.alpha`), Tref: req(p, `${n}.T_ref`) });
    const s1 = hr("series1"), sh = hr("shunt1"), s2 = hr("series2");
    const Ra = (x: { R: number; alpha: number; Tref: number }, T: number) => x.R * (1 + x.alpha * (T - x.Tref));
    /** Node voltages and branch currents at board temperature T. */
    const circuit = (T: number) => {
      const r1 = Ra(s1, T), rs = Ra(sh, T), r2 = Ra(s2, T);
      const rTail = r2 + RL, rPar = (rs * rTail) / (rs + rTail);
      const i1 = V / (r1 + rPar);
      const v1 = V - i1 * r1;
      const ish = v1 / rs, i2 = v1 / rTail, v2 = i2 * RL;
      return { i1, v1, ish, i2, v2, P: i1 * i1 * r1 + ish * ish * rs + i2 * i2 * r2 };
    };
    const rhs = (_t: number, y: number[]) => [(circuit(y[0]).P - G * (y[0] - Tamb)) / C];
    return {
      state: ["board.T"],
      y0: [req(block.start, "board.T", "start value")],
      rhs,
      observe(t, y) {
        const T = y[0], dT = rhs(t, y)[0];
        const c = circuit(T);
        const hT = 1e-4;
        const cp = circuit(T + hT), cm = circuit(T - hT);
        const rate = (k: "i1" | "v1" | "ish" | "i2" | "v2" | "P") => ((cp[k] - cm[k]) / (2 * hT)) * dT;
        const o: Obs = {};
        twoPole(o, "series1", V, c.v1, c.i1, 0, rate("v1"), rate("i1"));
        heating(o, "series1", s1.R, s1.alpha, s1.Tref, T, dT, V - c.v1, -rate("v1"));
        twoPole(o, "shunt1", c.v1, 0, c.ish, rate("v1"), 0, rate("ish"));
        heating(o, "shunt1", sh.R, sh.alpha, sh.Tref, T, dT, c.v1, rate("v1"));
        twoPole(o, "series2", c.v1, c.v2, c.i2, rate("v1"), rate("v2"), rate("i2"));
        heating(o, "series2", s2.R, s2.alpha, s2.Tref, T, dT, c.v1 - c.v2, rate("v1") - rate("v2"));
        twoPole(o, "load", c.v2, 0, c.i2, rate("v2"), 0, rate("i2"));
        const d2T = (rate("P") - G * dT) / C;
        capacitor(o, "board", C, T, dT, d2T);
        conductor(o, "boardConductor", G, T, dT, Tamb, 0);
        fixedAndSource(o, V, c.i1, rate("i1"), Tamb, G * (T - Tamb), G * dT);
        return o;
      },
    };
  },
};
