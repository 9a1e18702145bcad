// MSL TwoMasses: two HeatCapacitors joined by a ThermalConductor; two temperature sensors.
import type { NumericModelDef } from "../model.ts";
import { thermalNetwork } from "./thermal_network.ts";

export const thermal_two_masses: NumericModelDef = {
  mechanism: "thermal_two_masses",
  build(block) {
    const sys = thermalNetwork({ capacitors: ["mass1", "mass2"], conductors: [["conduction", "mass1", "mass2"]] }, block);
    const observe = sys.observe;
    return {
      ...sys,
      observe(t, y) {
        const o = observe(t, y);
        for (const [s, m] of [["Tsensor1", "mass1"], ["Tsensor2", "mass2"]]) {
          o[`${s}.T`] = o[`${m}.T`];
          o[`${s}.d1__T`] = o[`${m}.d1__T`];
          o[`${s}.port.Q_flow`] = 0;
        }
        return o;
      },
    };
  },
};
