// MSL Translational.Examples.Oscillator: two masses on springs to fixed walls, each driven
// by a sine force (resonance); system 2 has a damper parallel to its spring.
import { type NumericModelDef, req } from "../model.ts";
import { translationalNetwork } from "./translational_network.ts";
import { sineSignal } from "./signals.ts";

const sine = (p: Record<string, number>, n: string) => sineSignal(p, n).input;

export const mechanics_oscillator: NumericModelDef = {
  mechanism: "mechanics_oscillator",
  build(block) {
    const p = block.parameters;
    const sys = translationalNetwork({
      masses: ["mass1", "mass2"],
      fixed: ["fixed1", "fixed2"],
      elements: [{ name: "spring1", kind: "spring" }, { name: "spring2", kind: "spring" }, { name: "damper1", kind: "damper" }],
      forces: [{ name: "force1", input: sine(p, "sine1"), signal: "sine1" }, { name: "force2", input: sine(p, "sine2"), signal: "sine2" }],
      connections: [
        ["mass1.flange_b", "spring1.flange_a"], ["spring2.flange_a", "damper1.flange_a"], ["mass2.flange_b", "spring2.flange_a"],
        ["damper1.flange_b", "spring2.flange_b"], ["spring1.flange_b", "fixed1.flange"], ["force2.flange", "mass2.flange_a"],
        ["force1.flange", "mass1.flange_a"], ["spring2.flange_b", "fixed2.flange"],
      ],
    }, block);
    return { ...sys, period: 1 / req(p, "sine1.f") };
  },
};
