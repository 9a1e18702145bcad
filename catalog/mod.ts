// The built-in catalog, embedded as JSON imports (no file reads at run time).
import thermal from "./components/thermal.json" with { type: "json" };
import translational from "./components/translational.json" with { type: "json" };
import mechanicsDamper from "./mechanisms/mechanics_damper.json" with { type: "json" };
import thermalTwoMasses from "./mechanisms/thermal_two_masses.json" with { type: "json" };
import { type Library, loadLibrary, type SourceFile } from "../engine/model/library.ts";
import { loadMechanism } from "../engine/model/load_mechanism.ts";
import type { MechanismModel } from "../engine/model/model.ts";

export const COMPONENT_FILES: SourceFile[] = [
  { file: "catalog/components/thermal.json", data: thermal },
  { file: "catalog/components/translational.json", data: translational },
];

export const MECHANISM_FILES: SourceFile[] = [
  { file: "catalog/mechanisms/mechanics_damper.json", data: mechanicsDamper },
  { file: "catalog/mechanisms/thermal_two_masses.json", data: thermalTwoMasses },
];

let library: Library | undefined;

/** The built-in component library (validated once). */
export function builtinLibrary(): Library {
  return (library ??= loadLibrary(COMPONENT_FILES));
}

const idOf = (f: SourceFile) => (f.data as { id: string }).id;

export function builtinMechanismIds(): string[] {
  return MECHANISM_FILES.map(idOf);
}

/** A built-in mechanism by id, or undefined. */
export function builtinMechanism(id: string): MechanismModel | undefined {
  const f = MECHANISM_FILES.find((m) => idOf(m) === id);
  return f ? loadMechanism(f.data, f.file, builtinLibrary()) : undefined;
}
