// MSL Translational.Examples.WhyArrows: a static rod/sensor part (sensors read −1, +1, +1)
// and two equivalent spring–mass systems (fixed at −1.9, spring c = 11, mass L = 2).
import { type NumericModelDef, req } from "../model.ts";
import { translationalNetwork } from "./translational_network.ts";

export const mechanics_why_arrows: NumericModelDef = {
  mechanism: "mechanics_why_arrows",
  build(block) {
    const p = block.parameters;
    const sys = translationalNetwork({
      masses: ["mass1", "inertia2"],
      fixed: ["fixed1", "fixed2"],
      elements: [{ name: "spring1", kind: "spring" }, { name: "spring2", kind: "spring" }],
      connections: [["fixed1.flange", "spring1.flange_a"], ["spring1.flange_b", "mass1.flange_b"], ["fixed2.flange", "spring2.flange_a"], ["spring2.flange_b", "inertia2.flange_b"]],
    }, block);
    // static part: fixed.flange at s0; rod1.flange_b, rod2.flange_a, rod3.flange_a on it
    const s0 = req(p, "fixed.s0");
    const L = (n: string) => req(p, `${n}.L`);
    const rods: [string, number][] = [["rod1", s0 - L("rod1") / 2], ["rod2", s0 + L("rod2") / 2], ["rod3", s0 + L("rod3") / 2]];
    return {
      ...sys,
      observe(t, y) {
        const o = sys.observe(t, y);
        o["fixed.flange.s"] = s0;
        o["fixed.flange.f"] = 0;
        for (const [r, s] of rods) {
          o[`${r}.s`] = s;
          o[`${r}.d1__s`] = 0;
          o[`${r}.flange_a.s`] = s - L(r) / 2;
          o[`${r}.flange_b.s`] = s + L(r) / 2;
          o[`${r}.flange_a.f`] = 0;
          o[`${r}.flange_b.f`] = 0;
        }
        const sensors: [string, number][] = [["positionSensor1", s0 - L("rod1")], ["positionSensor2", s0 + L("rod2")], ["positionSensor3", s0 + L("rod3")]];
        for (const [n, s] of sensors) {
          o[`${n}.s`] = s;
          o[`${n}.d1__s`] = 0;
          o[`${n}.flange.s`] = s;
          o[`${n}.flange.f`] = 0;
        }
        return o;
      },
    };
  },
};
