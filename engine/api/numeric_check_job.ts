// The numerical checks as units of work (engine/parallel): one unit per mechanism file,
// each integrated and compared on its own (a fresh session per mechanism), so the
// reports are the same in any worker.
import { builtinLibrary } from "../../catalog/mod.ts";
import { checkMechanism, type MechanismNumericReport } from "../numeric/check.ts";
import { type NumericSkip, numericSource, numericStep } from "../numeric/source_model.ts";
import { Session } from "../episode/session.ts";
import { checkPaths, type SoundnessReport } from "../episode/soundness.ts";
import { edgeRules } from "../episode/rules.ts";
import type { Deviation, RuleProfile } from "../episode/rule_names.ts";
import type { UnitHandler } from "../parallel/units.ts";
import type { MechanismSource } from "./mechanisms.ts";
import { ResultCache, withSolveCache } from "../solve/solver.ts";

/** Which check every unit runs: the consistency check, or the paths check under these rules. */
export type NumericCheckInit = { check: "numeric" } | { check: "paths"; rules?: RuleProfile; revert: Deviation[] };

/** A mechanism's report, or why it was skipped. */
export type NumericCheckOutcome =
  | { kind: "numeric"; report: MechanismNumericReport }
  | { kind: "paths"; report: SoundnessReport }
  | { kind: "skipped"; skip: NumericSkip };

export const numericCheckHandler: UnitHandler<NumericCheckInit, MechanismSource, NumericCheckOutcome> = (init) => {
  const library = builtinLibrary();
  const rules = init.check === "paths" ? edgeRules(init.rules, init.revert) : undefined;
  return (f) => {
    const n = numericSource(f, library);
    if ("reason" in n) return { kind: "skipped", skip: n };
    // a mechanism's solves repeat components (its scenarios' states, its successor problems): each solved once
    const results = new ResultCache();
    if (!rules) return { kind: "numeric", report: numericStep(f.file, () => withSolveCache(results, () => checkMechanism(n.model, n.def, n.block))) };
    const model = n.model;
    const session = new Session(model, model.scenarios.find((s) => s.id === "base")?.id ?? model.scenarios[0].id, { rules });
    return { kind: "paths", report: numericStep(f.file, () => withSolveCache(results, () => checkPaths(session, n.def, n.block))) };
  };
};

/** The worker module that serves numericCheckHandler. */
export const NUMERIC_CHECK_WORKER: URL = new URL("./numeric_check_worker.ts", import.meta.url);
