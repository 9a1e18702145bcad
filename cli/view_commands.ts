// `mech view RUN_DIR… [--out FILE]`: the run viewer's page for run directories of either
// benchmark (which one is read off the first directory's files).
import { OptionsError, runKind, viewEvaluations } from "../engine/api/mechreasoner.ts";
import { InputError, type Io } from "./io.ts";

/** The viewer's page written to --out (default view.html in the first run directory); a line on stderr says what it holds. */
export async function viewCommand(args: { runs: readonly string[]; out?: string; tasks?: string; scenesDir?: string }, io: Io): Promise<number> {
  const kinds = args.runs.map(runKind);
  const mixed = args.runs.find((_, i) => kinds[i] !== kinds[0]);
  if (mixed !== undefined) throw new InputError(`${args.runs[0]} is a ${name(kinds[0])} run and ${mixed} a ${name(kinds[args.runs.indexOf(mixed)])} run; view each benchmark's runs on a page of its own`);
  if (kinds[0] === "mechreasoner" && args.scenesDir !== undefined) throw new InputError("--scenes-dir: these are MechReasoner runs; --scenes-dir is for PhysMent runs (--tasks names their benchmark)");
  if (kinds[0] === "physment" && args.tasks !== undefined) throw new InputError("--tasks: these are PhysMent runs; --tasks is for MechReasoner runs (--scenes-dir names their scenes)");
  let view;
  try {
    view = kinds[0] === "mechreasoner"
      ? viewEvaluations(args.runs, args.tasks === undefined ? {} : { benchmark: args.tasks })
      : (await import("../engine/api/physment.ts")).viewPhysmentRuns(args.runs, args.scenesDir === undefined ? {} : { scenesDir: args.scenesDir });
  } catch (e) {
    throw e instanceof OptionsError ? new InputError(e.message.replace(/^view\w+: dirs: /, "")) : e;
  }
  for (const w of view.warnings) io.err(`mech: ${w}`);
  const out = args.out ?? `${args.runs[0].replace(/\/+$/, "")}/view.html`;
  io.writeText(out, view.html);
  io.err(`mech: ${view.rows.toLocaleString("en-US")} row${view.rows === 1 ? "" : "s"}${view.marked ? ` (${view.marked} marked: unfinished or not scored)` : ""} written to ${out}`);
  return 0;
}

const name = (k: string) => (k === "mechreasoner" ? "MechReasoner" : "PhysMent");
