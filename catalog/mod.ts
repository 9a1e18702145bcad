// The built-in catalog, embedded as JSON imports (no file reads at run time), its
// validated component library and its content hash.
import * as core from "./sets/core.ts";
import * as rotational from "./sets/rotational.ts";
import * as thermalElectrical from "./sets/thermal_electrical.ts";
import * as translational from "./sets/translational.ts";
import { type Library, loadLibrary, type SourceFile } from "../engine/model/library.ts";
import { loadMechanism } from "../engine/model/load_mechanism.ts";
import type { MechanismModel } from "../engine/model/model.ts";
import { checkQuantitative } from "../engine/numeric/quantitative_check.ts";
import { sha256 } from "../engine/files/sha256.ts";

// Each set (catalog/sets/*.ts) lists its component files and mechanisms.
const SETS = [core, translational, rotational, thermalElectrical];

export const COMPONENT_FILES: SourceFile[] = SETS.flatMap((s) => s.COMPONENT_FILES);

/** Mechanism files, sorted by id. */
export const MECHANISM_FILES: SourceFile[] = SETS.flatMap((s) => s.MECHANISM_FILES)
  .sort((a, b) => ((a.data as { id: string }).id < (b.data as { id: string }).id ? -1 : 1));

let library: Library | undefined;

/** The built-in component library (validated once, quantitative blocks included). */
export function builtinLibrary(): Library {
  return (library ??= loadLibrary(COMPONENT_FILES, [checkQuantitative]));
}

let catalogHash: string | undefined;

/**
 * SHA-256 over every component and mechanism file (their parsed JSON, files sorted by
 * path): a generated benchmark records it, so a catalog change is detected.
 */
export function catalogSha256(): string {
  const files = [...COMPONENT_FILES, ...MECHANISM_FILES].sort((a, b) => (a.file < b.file ? -1 : 1));
  return (catalogHash ??= sha256(JSON.stringify(files.map((f) => [f.file, f.data]))));
}

const idOf = (f: SourceFile) => (f.data as { id: string }).id;

export function builtinMechanismIds(): string[] {
  return MECHANISM_FILES.map(idOf);
}

/** What `mech list` shows of a built-in mechanism. */
export interface MechanismSummary {
  id: string;
  title: string;
  scenarios: string[];
  /** |S|: the product of the components' numbers of local states. */
  compositeStates: number;
}

/**
 * Every built-in mechanism's summary, read from its file and the library's type
 * tables without resolving the model (resolving all 18 takes most of `mech list`'s
 * time). The built-in files are validated by the catalog's tests; a test keeps these
 * summaries equal to the resolved models'.
 */
export function builtinSummaries(): MechanismSummary[] {
  const lib = builtinLibrary();
  return MECHANISM_FILES.map((f) => {
    const m = f.data as { id: string; title?: string; components: { type: string }[]; scenarios: { id: string }[] };
    return {
      id: m.id,
      title: m.title ?? "",
      scenarios: m.scenarios.map((s) => s.id),
      compositeStates: m.components.reduce((n, c) => n * lib.get(c.type)!.table.states.length, 1),
    };
  });
}

/** A built-in mechanism by id, or undefined. */
export function builtinMechanism(id: string): MechanismModel | undefined {
  const f = MECHANISM_FILES.find((m) => idOf(m) === id);
  return f ? loadMechanism(f.data, f.file, builtinLibrary()) : undefined;
}
