// MSL Translational.Examples.InitialConditions: a chain at rest (fixed2–s2–m3–sd2–m4) and
// a chain released from a compressed spring (fixed1–s1–m1–sd1–m2). The bottom chain's
// start is given by s1.s_rel, m1.v, sd1.s_rel and sd1.v_rel (MSL fixed start values).
import { type NumericModelDef, req } from "../model.ts";
import { translationalNetwork } from "./translational_network.ts";

export const mechanics_initial_conditions: NumericModelDef = {
  mechanism: "mechanics_initial_conditions",
  build(block) {
    const p = block.parameters, st = block.start;
    const L = (n: string) => req(p, `${n}.L`);
    // m1.flange_a = fixed1.s0 + s1.s_rel; m2.flange_a = m1.flange_b + sd1.s_rel
    const m1s = req(p, "fixed1.s0") + req(st, "s1.s_rel", "start value") + L("m1") / 2;
    const m2s = m1s + L("m1") / 2 + req(st, "sd1.s_rel", "start value") + L("m2") / 2;
    const m1v = req(st, "m1.v", "start value");
    const start = { ...st, "m1.s": m1s, "m2.s": m2s, "m2.v": m1v + req(st, "sd1.v_rel", "start value") };
    return translationalNetwork({
      masses: ["m3", "m4", "m1", "m2"],
      fixed: ["fixed2", "fixed1"],
      elements: [
        { name: "s2", kind: "spring" }, { name: "sd2", kind: "springDamper" },
        { name: "s1", kind: "spring" }, { name: "sd1", kind: "springDamper" },
      ],
      connections: [
        ["s2.flange_a", "fixed2.flange"], ["s1.flange_a", "fixed1.flange"], ["m1.flange_a", "s1.flange_b"], ["sd1.flange_a", "m1.flange_b"],
        ["m2.flange_a", "sd1.flange_b"], ["m4.flange_a", "sd2.flange_b"], ["sd2.flange_a", "m3.flange_b"], ["m3.flange_a", "s2.flange_b"],
      ],
    }, { ...block, start });
  },
};
