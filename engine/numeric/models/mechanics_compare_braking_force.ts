// MSL Translational.Examples.CompareBrakingForce: four masses (v(start) = 100) braked by
// SignForce (reg = Linear), Linear-, Quadratic- and InverseSpeedDependentForce. Force on
// the mass (msl-examples.md): −100·sign(v) (−100·v for |v| < v0); −v; −v·|v|/100;
// −10⁴/v for |v| ≥ v0, −100·v below.
import { type NumericModelDef, req } from "../model.ts";
import { translationalNetwork } from "./translational_network.ts";
import { inverseLaw, linearLaw, quadraticLaw, type SpeedLaw, signLaw } from "./speed_laws.ts";

/** The network builder names the derivative dFdv. */
const dFdv = (law: SpeedLaw) => ({ F: law.F, dFdv: law.dF });

export const mechanics_compare_braking_force: NumericModelDef = {
  mechanism: "mechanics_compare_braking_force",
  build(block) {
    const p = block.parameters;
    const fs = req(p, "signForce.f_nominal"), v0s = req(p, "signForce.v0");
    const fl = req(p, "linearSpeedDependentForce.f_nominal"), vl = req(p, "linearSpeedDependentForce.v_nominal");
    const fq = req(p, "quadraticSpeedDependentForce.f_nominal"), vq = req(p, "quadraticSpeedDependentForce.v_nominal");
    const fi = req(p, "inverseSpeedDependentForce.f_nominal"), vi = req(p, "inverseSpeedDependentForce.v_nominal"), v0i = req(p, "inverseSpeedDependentForce.v0");
    const sys = translationalNetwork({
      masses: ["mass1", "mass2", "mass3", "mass4"],
      speedForces: [
        { name: "signForce", ...dFdv(signLaw(fs, v0s)) },
        { name: "linearSpeedDependentForce", ...dFdv(linearLaw(fl, vl)) },
        { name: "quadraticSpeedDependentForce", ...dFdv(quadraticLaw(fq, vq)) },
        { name: "inverseSpeedDependentForce", ...dFdv(inverseLaw(fi, vi, v0i)) },
      ],
      connections: [
        ["signForce.flange", "mass1.flange_a"], ["linearSpeedDependentForce.flange", "mass2.flange_a"],
        ["quadraticSpeedDependentForce.flange", "mass3.flange_a"], ["inverseSpeedDependentForce.flange", "mass4.flange_a"],
      ],
    }, block);
    return {
      ...sys,
      landmarks: {
        "signForce.v": { v0: v0s, minus_v0: -v0s },
        "inverseSpeedDependentForce.v": { v0: v0i, minus_v0: -v0i },
      },
    };
  },
};
