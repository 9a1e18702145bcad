// A mechanism file as a Modelica model for scripts, written against the built-in component
// library and naming the catalog's hash.
import { builtinLibrary, catalogSha256, MECHANISM_FILES } from "../../catalog/mod.ts";
import { modelicaModel } from "../export/modelica.ts";
import type { MechanismSource } from "./mechanisms.ts";

/** What exportModelica writes in the model's header. */
export interface ModelicaOptions {
  /**
   * Where the mechanism came from. Default: a built-in file's catalog path, else "file "
   * and the file's base name (no local directories in the output).
   */
  origin?: string;
}

/**
 * A mechanism file as a Modelica model over the MSL 4.1.0 classes its component types
 * abstract, with its numeric block's parameters, start values and stop time (what
 * `mech export modelica` writes; for OpenModelica).
 *
 * @param source A mechanism file (see mechanismSource).
 * @param options The origin named in the header.
 * @returns The model's text.
 * @throws {MechanismError} When the file is not a valid mechanism.
 * @throws {ExportError} When it has no Modelica form: no numeric block, a component type without an MSL class, a numeric name MSL does not have, or an unconnected MSL input.
 *
 * @example
 * ```ts
 * import { exportModelica, mechanismSource } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const text = exportModelica(mechanismSource("thermal_two_masses", Deno.readTextFileSync));
 * assert.match(text, /^model /m);
 * ```
 */
export function exportModelica(source: MechanismSource, options: ModelicaOptions = {}): string {
  const builtin = MECHANISM_FILES.includes(source);
  const origin = options.origin ?? (builtin ? source.file : `file ${source.file.split(/[\\/]/).pop()}`);
  return modelicaModel(source.data, source.file, builtinLibrary(), { catalogHash: catalogSha256(), source: origin });
}
