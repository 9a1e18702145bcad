// MSL Electrical.Analog.Examples.HeatingResistor: a sine voltage across a heating resistor
// whose heat port is cooled to a fixed temperature through a thermal conductor. There is
// no dynamic state: the resistor temperature is algebraic, T = T0 + LossPower/G, with
// R_actual = R·(1 + alpha·(T − T_ref)) and LossPower = v²/R_actual (solved by fixed point).
// The ODE state is the source clock (der = 1); perturbing it shifts the sine's phase.
import { type NumericModelDef, req } from "../model.ts";

export const electrical_resistor: NumericModelDef = {
  mechanism: "electrical_resistor",
  build(block) {
    const p = block.parameters;
    const V = req(p, "SineVoltage1.V"), f = req(p, "SineVoltage1.f");
    const R = req(p, "resistor.R"), alpha = req(p, "resistor.alpha"), Tref = req(p, "resistor.T_ref");
    const G = req(p, "thermalConductor.G"), T0 = req(p, "fixedTemperature.T");
    const w = 2 * Math.PI * f;
    return {
      state: ["SineVoltage1.clock"],
      y0: [0],
      rhs: () => [1],
      period: 1 / f,
      observe(_t, [tau]) {
        const v = V * Math.sin(w * tau), dv = V * w * Math.cos(w * tau), d2v = -w * w * v;
        let P = 0;
        for (let k = 0; k < 100; k++) P = (v * v) / (R * (1 + alpha * (T0 + P / G - Tref)));
        const T = T0 + P / G;
        const Ra = R * (1 + alpha * (T - Tref));
        const dP = (2 * v * dv / Ra) / (1 + (v * v * R * alpha) / (G * Ra * Ra));
        const dT = dP / G, dRa = R * alpha * dT;
        const i = v / Ra, di = (dv * Ra - v * dRa) / (Ra * Ra);
        return {
          "SineVoltage1.v": v, "SineVoltage1.d1__v": dv, "SineVoltage1.d2__v": d2v,
          "SineVoltage1.i": -i, "SineVoltage1.d1__i": -di,
          "SineVoltage1.p.v": v, "SineVoltage1.n.v": 0, "SineVoltage1.p.i": -i, "SineVoltage1.n.i": i,
          "resistor.v": v, "resistor.d1__v": dv, "resistor.i": i, "resistor.d1__i": di,
          "resistor.R_actual": Ra, "resistor.d1__R_actual": dRa,
          "resistor.LossPower": P, "resistor.d1__LossPower": dP,
          "resistor.p.v": v, "resistor.n.v": 0, "resistor.p.i": i, "resistor.n.i": -i,
          "resistor.heatPort.T": T, "resistor.d1__heatPort__T": dT,
          "resistor.heatPort.Q_flow": -P, "resistor.d1__heatPort__Q_flow": -dP,
          "G.p.v": 0, "G.p.i": 0,
          "thermalConductor.dT": P / G, // = T − T0, without the rounding of T "thermalConductor.d1__dT": dT,
          "thermalConductor.Q_flow": P, "thermalConductor.d1__Q_flow": dP,
          "thermalConductor.port_a.T": T, "thermalConductor.port_b.T": T0,
          "thermalConductor.d1__port_a__T": dT, "thermalConductor.d1__port_b__T": 0,
          "thermalConductor.port_a.Q_flow": P, "thermalConductor.port_b.Q_flow": -P,
          "thermalConductor.d1__port_a__Q_flow": dP, "thermalConductor.d1__port_b__Q_flow": -dP,
          "fixedTemperature.port.T": T0, "fixedTemperature.port.Q_flow": P,
        };
      },
    };
  },
};
