// MSL Translational.Examples.SignConvention: three masses each pushed by +1 N from a
// Force source (at flange_a, at flange_b, and with the mass's flange_b on the source).
import { type NumericModelDef, req } from "../model.ts";
import { translationalNetwork } from "./translational_network.ts";

export const mechanics_sign_convention: NumericModelDef = {
  mechanism: "mechanics_sign_convention",
  build(block) {
    const p = block.parameters;
    const k = (n: string) => (_t: number): [number, number] => [req(p, `${n}.k`), 0];
    return translationalNetwork({
      masses: ["mass1", "mass2", "mass3"],
      fixed: ["fixed"],
      forces: [
        { name: "force1", input: k("constant1"), signal: "constant1" },
        { name: "force2", input: k("constant2"), signal: "constant2" },
        { name: "force3", input: k("constant3"), signal: "constant3" },
      ],
      connections: [["force1.flange", "mass1.flange_a"], ["force2.flange", "mass2.flange_b"], ["mass3.flange_b", "force3.flange"]],
    }, block);
  },
};
