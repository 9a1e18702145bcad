// Catalog set: thermal_electrical components and mechanisms (besides those in core.ts).
// The thermal component file (catalog/components/thermal.json) is registered in core.ts.
import electrical from "../components/electrical.json" with { type: "json" };
import electricalResistor from "../mechanisms/electrical_resistor.json" with { type: "json" };
import resistorParallel from "../mechanisms/electrical_electrothermal_resistor_parallel.json" with { type: "json" };
import resistorLadder from "../mechanisms/electrical_electrothermal_resistor_ladder.json" with { type: "json" };
import branchedStar from "../mechanisms/thermal_branched_star.json" with { type: "json" };
import threeNodeChain from "../mechanisms/thermal_three_node_chain.json" with { type: "json" };
import type { SourceFile } from "../../engine/model/library.ts";

export const COMPONENT_FILES: SourceFile[] = [
  { file: "catalog/components/electrical.json", data: electrical },
];

export const MECHANISM_FILES: SourceFile[] = [
  { file: "catalog/mechanisms/electrical_resistor.json", data: electricalResistor },
  { file: "catalog/mechanisms/electrical_electrothermal_resistor_parallel.json", data: resistorParallel },
  { file: "catalog/mechanisms/electrical_electrothermal_resistor_ladder.json", data: resistorLadder },
  { file: "catalog/mechanisms/thermal_branched_star.json", data: branchedStar },
  { file: "catalog/mechanisms/thermal_three_node_chain.json", data: threeNodeChain },
];
