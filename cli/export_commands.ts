// `mech export modelica MECHANISM [--out FILE]`: a mechanism as a Modelica model for
// OpenModelica, on standard output or in a file.
import { ExportError, exportModelica, mechanismSource, UnknownMechanismError } from "../engine/api/solver.ts";
import { InputError, type Io } from "./io.ts";

export interface ExportModelicaArgs {
  mechanism: string;
  out?: string;
}

/**
 * `mech export modelica`: the model's header names a catalog id's embedded file by its
 * catalog path, a file from disk by its base name only (no local paths in the output).
 */
export function exportModelicaCommand(args: ExportModelicaArgs, io: Io): number {
  let text: string;
  try {
    text = exportModelica(mechanismSource(args.mechanism, (p) => io.readText(p)));
  } catch (e) {
    if (e instanceof ExportError || e instanceof UnknownMechanismError) throw new InputError(e.message);
    throw e;
  }
  if (args.out === undefined) io.out(text.replace(/\n$/, ""));
  else {
    io.writeText(args.out, text);
    io.err(`wrote ${args.out}`);
  }
  return 0;
}
