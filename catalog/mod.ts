// The built-in catalog, embedded as JSON imports (no file reads at run time).
import thermal from "./components/thermal.json" with { type: "json" };
import thermalTwoMasses from "./mechanisms/thermal_two_masses.json" with { type: "json" };
import type { SourceFile } from "../engine/model/library.ts";

export const COMPONENT_FILES: SourceFile[] = [
  { file: "catalog/components/thermal.json", data: thermal },
];

export const MECHANISM_FILES: SourceFile[] = [
  { file: "catalog/mechanisms/thermal_two_masses.json", data: thermalTwoMasses },
];
