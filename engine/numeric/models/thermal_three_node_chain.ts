// mass1 —conduction12— mass2 —conduction23— mass3.
import type { NumericModelDef } from "../model.ts";
import { thermalNetwork } from "./thermal_network.ts";

export const thermal_three_node_chain: NumericModelDef = {
  mechanism: "thermal_three_node_chain",
  build: (block) =>
    thermalNetwork({
      capacitors: ["mass1", "mass2", "mass3"],
      conductors: [["conduction12", "mass1", "mass2"], ["conduction23", "mass2", "mass3"]],
    }, block),
};
