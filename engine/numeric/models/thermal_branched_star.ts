// centre joined to branch1, branch2 and a fixed ambient by conductor1..3 (port_a at the centre).
import type { NumericModelDef } from "../model.ts";
import { thermalNetwork } from "./thermal_network.ts";

export const thermal_branched_star: NumericModelDef = {
  mechanism: "thermal_branched_star",
  build: (block) =>
    thermalNetwork({
      capacitors: ["centre", "branch1", "branch2"],
      fixed: ["ambient"],
      conductors: [["conductor1", "centre", "branch1"], ["conductor2", "centre", "branch2"], ["conductor3", "centre", "ambient"]],
    }, block),
};
