// MSL Translational.Examples.Damper: three masses moving toward a wall at 4.5 m through
// (1) a damper, (2) a damper parallel to a spring, (3) a spring-damper.
import type { NumericBlock, NumericModelDef } from "../model.ts";
import { translationalNetwork } from "./translational_network.ts";

/** MSL values (m=1, L=1, s(start=3), v(start=10); d=25; c=1, s_rel0=1; s0=4.5). */
export const MSL_DAMPER_BLOCK: NumericBlock = {
  parameters: {
    "mass1.m": 1, "mass1.L": 1, "damper1.d": 25, "fixed1.s0": 4.5,
    "mass2.m": 1, "mass2.L": 1, "damper2.d": 25, "spring2.c": 1, "spring2.s_rel0": 1, "fixed2.s0": 4.5,
    "mass3.m": 1, "mass3.L": 1, "springDamper3.c": 1, "springDamper3.d": 25, "springDamper3.s_rel0": 1, "fixed3.s0": 4.5,
  },
  start: { "mass1.s": 3, "mass1.v": 10, "mass2.s": 3, "mass2.v": 10, "mass3.s": 3, "mass3.v": 10 },
  stopTime: 1,
};

export const mechanics_damper: NumericModelDef = {
  mechanism: "mechanics_damper",
  fallback: MSL_DAMPER_BLOCK,
  build: (block) =>
    translationalNetwork({
      masses: ["mass1", "mass2", "mass3"],
      fixed: ["fixed1", "fixed2", "fixed3"],
      elements: [
        { name: "damper1", kind: "damper" },
        { name: "damper2", kind: "damper" },
        { name: "spring2", kind: "spring" },
        { name: "springDamper3", kind: "springDamper" },
      ],
      connections: [
        ["mass1.flange_b", "damper1.flange_a"], ["damper1.flange_b", "fixed1.flange"],
        ["mass2.flange_b", "damper2.flange_a", "spring2.flange_a"], ["damper2.flange_b", "spring2.flange_b", "fixed2.flange"],
        ["mass3.flange_b", "springDamper3.flange_a"], ["springDamper3.flange_b", "fixed3.flange"],
      ],
    }, block),
};
