// MSL Translational.Examples.Accelerate: Constant(k) → Accelerate (a = a_ref) → Mass.flange_a.
import { type NumericModelDef, req } from "../model.ts";

export const mechanics_accelerate: NumericModelDef = {
  mechanism: "mechanics_accelerate",
  build(block) {
    const p = block.parameters;
    const k = req(p, "constantAcc.k"), m = req(p, "mass.m"), L = req(p, "mass.L");
    return {
      state: ["accelerate.s", "accelerate.v"],
      y0: [req(block.start, "accelerate.s", "start value"), req(block.start, "accelerate.v", "start value")],
      rhs: (_t, y) => [y[1], k],
      observe(_t, [s, v]) {
        const o: Record<string, number> = {
          "constantAcc.y": k, "constantAcc.d1__y": 0,
          "accelerate.a_ref": k, "accelerate.d1__a_ref": 0,
          "accelerate.s": s, "accelerate.d1__s": v, "accelerate.d2__s": k,
          "accelerate.v": v, "accelerate.d1__v": k, "accelerate.a": k,
          "accelerate.flange.s": s, "accelerate.d1__flange__s": v, "accelerate.d2__flange__s": k,
          // the mass needs m·a through its flange_a; the source's flange takes the opposite flow
          "accelerate.flange.f": -m * k, "accelerate.d1__flange__f": 0,
          "mass.s": s + L / 2, "mass.d1__s": v, "mass.d2__s": k, "mass.v": v, "mass.d1__v": k, "mass.a": k,
          "mass.flange_a.s": s, "mass.flange_b.s": s + L,
          "mass.flange_a.f": m * k, "mass.d1__flange_a__f": 0, "mass.flange_b.f": 0, "mass.d1__flange_b__f": 0,
        };
        return o;
      },
    };
  },
};
