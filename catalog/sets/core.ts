// Catalog set: signal blocks, thermal and the first translational components; the
// mechanisms built on them.
import blocks from "../components/blocks.json" with { type: "json" };
import thermal from "../components/thermal.json" with { type: "json" };
import translational from "../components/translational.json" with { type: "json" };
import mechanicsDamper from "../mechanisms/mechanics_damper.json" with { type: "json" };
import thermalTwoMasses from "../mechanisms/thermal_two_masses.json" with { type: "json" };
import type { SourceFile } from "../../engine/model/library.ts";

export const COMPONENT_FILES: SourceFile[] = [
  { file: "catalog/components/blocks.json", data: blocks },
  { file: "catalog/components/thermal.json", data: thermal },
  { file: "catalog/components/translational.json", data: translational },
];

export const MECHANISM_FILES: SourceFile[] = [
  { file: "catalog/mechanisms/mechanics_damper.json", data: mechanicsDamper },
  { file: "catalog/mechanisms/thermal_two_masses.json", data: thermalTwoMasses },
];
