// The built-in catalog, embedded as JSON imports (no file reads at run time).
import * as core from "./sets/core.ts";
import * as rotational from "./sets/rotational.ts";
import * as thermalElectrical from "./sets/thermal_electrical.ts";
import * as translational from "./sets/translational.ts";
import { type Library, loadLibrary, type SourceFile } from "../engine/model/library.ts";
import { loadMechanism } from "../engine/model/load_mechanism.ts";
import type { MechanismModel } from "../engine/model/model.ts";

// Each set (catalog/sets/*.ts) lists its component files and mechanisms.
const SETS = [core, translational, rotational, thermalElectrical];

export const COMPONENT_FILES: SourceFile[] = SETS.flatMap((s) => s.COMPONENT_FILES);

/** Mechanism files, sorted by id. */
export const MECHANISM_FILES: SourceFile[] = SETS.flatMap((s) => s.MECHANISM_FILES)
  .sort((a, b) => ((a.data as { id: string }).id < (b.data as { id: string }).id ? -1 : 1));

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


/**
 * SHA-256 over the catalog's component and mechanism files (their parsed JSON, files
 * sorted by path): a generated benchmark records it, so a catalog change is detected.
 */
