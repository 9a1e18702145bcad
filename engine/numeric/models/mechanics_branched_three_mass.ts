// Composition: a constant force drives a hub mass; two springs carry it to two leaf masses,
// each damped against a common fixed flange.
import { type NumericModelDef, req } from "../model.ts";
import { translationalNetwork } from "./translational_network.ts";

export const mechanics_branched_three_mass: NumericModelDef = {
  mechanism: "mechanics_branched_three_mass",
  build(block) {
    const k = req(block.parameters, "constant.k");
    return translationalNetwork({
      masses: ["hub", "leaf1", "leaf2"],
      fixed: ["fixed"],
      elements: [
        { name: "spring1", kind: "spring" }, { name: "spring2", kind: "spring" },
        { name: "damper1", kind: "damper" }, { name: "damper2", kind: "damper" },
      ],
      forces: [{ name: "force", input: () => [k, 0], signal: "constant" }],
      connections: [
        ["force.flange", "hub.flange_a"], ["hub.flange_b", "spring1.flange_a", "spring2.flange_a"],
        ["spring1.flange_b", "leaf1.flange_a", "damper1.flange_b"], ["spring2.flange_b", "leaf2.flange_a", "damper2.flange_b"],
        ["fixed.flange", "damper1.flange_a", "damper2.flange_a"],
      ],
    }, block);
  },
};
