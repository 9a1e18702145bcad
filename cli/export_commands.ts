// `mech export modelica MECHANISM [--out FILE]`: a mechanism as a Modelica model for
// OpenModelica (engine/export/modelica.ts writes the text).
import { builtinLibrary, builtinMechanismIds, MECHANISM_FILES } from "../catalog/mod.ts";
import { catalogSha256 } from "../catalog/mod.ts";
import { ExportError, modelicaModel } from "../engine/export/modelica.ts";
import { oneOf } from "../engine/model/issues.ts";
import { parseJsonText } from "../engine/model/json_text.ts";
import type { SourceFile } from "../engine/model/library.ts";
import { InputError, type Io } from "./io.ts";

export interface ExportModelicaArgs {
  mechanism: string;
  out?: string;
}

/**
 * The mechanism's file and how the header names it: a catalog id's embedded file by its
 * catalog path, a file from disk by its base name only (no local paths in the output).
 */
function mechanismSource(ref: string, io: Io): SourceFile & { source: string } {
  if (ref.endsWith(".json") || ref.includes("/")) {
    return { file: ref, data: parseJsonText(io.readText(ref), ref), source: `file ${ref.split(/[\\/]/).pop()}` };
  }
  const f = MECHANISM_FILES.find((m) => (m.data as { id?: unknown }).id === ref);
  if (!f) throw new InputError(`unknown mechanism "${ref}" (expected a path to a .json file or ${oneOf(builtinMechanismIds(), 40)})`);
  return { ...f, source: f.file };
}

export function exportModelicaCommand(args: ExportModelicaArgs, io: Io): number {
  const { file, data, source } = mechanismSource(args.mechanism, io);
  let text: string;
  try {
    text = modelicaModel(data, file, builtinLibrary(), { catalogHash: catalogSha256(), source });
  } catch (e) {
    if (e instanceof ExportError) throw new InputError(e.message);
    throw e;
  }
  if (args.out === undefined) io.out(text.replace(/\n$/, ""));
  else {
    io.writeText(args.out, text);
    io.err(`wrote ${args.out}`);
  }
  return 0;
}
