// MSL Translational.Examples.Damper: three masses moving toward a wall at 4.5 m through
// (1) a damper, (2) a damper parallel to a spring, (3) a spring-damper.
import type { NumericModelDef } from "../model.ts";
import { translationalNetwork } from "./translational_network.ts";

export const mechanics_damper: NumericModelDef = {
  mechanism: "mechanics_damper",
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
