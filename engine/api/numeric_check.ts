// The numerical checks for scripts: the numerical consistency check (integrate each
// mechanism's numeric model, project onto the qualitative vocabulary, compare with exact
// relations; paper Table 8) and the episode graph's soundness against the same runs.
import { builtinLibrary } from "../../catalog/mod.ts";
import { checkMechanism, type MechanismNumericReport, table8, type Table8Row } from "../numeric/check.ts";
import { type NumericSkip, numericSource, numericStep } from "../numeric/source_model.ts";
import { Session } from "../episode/session.ts";
import { checkPaths, type SoundnessReport } from "../episode/soundness.ts";
import { edgeRules } from "../episode/rules.ts";
import type { Deviation } from "../episode/rule_names.ts";
import type { MechanismSource } from "./mechanisms.ts";
import type { RuleOptions } from "./episode_graph.ts";

/** The numerical consistency check's result (what `mech catalog check --numeric --json` prints). */
export interface NumericCheckResult {
  /** Table 8: composite states, transition shapes and their total, by disposition. */
  table: Table8Row[];
  /** Per mechanism with a numeric model: its runs and every observed state and transition with its disposition. */
  mechanisms: MechanismNumericReport[];
  /** Mechanisms without a numeric block, with the reason. */
  skipped: NumericSkip[];
}

/**
 * The numerical consistency check: each mechanism's numeric model (assembled from its
 * component types' equations and its file's numeric block) integrated over a nominal
 * run, perturbed runs and a source cycle; each sample projected onto the qualitative
 * vocabulary and compared with the exact relation of its composite state and the
 * declared transitions. A contradiction is a state or change the solver rules out.
 *
 * @param sources Mechanism files (see mechanismSources).
 * @returns Table 8, the per-mechanism reports and the skipped mechanisms.
 * @throws {MechanismError} When a file or its numeric block is invalid.
 * @throws {NumericModelError} When a numeric model cannot be assembled or solved (naming the file).
 *
 * @example
 * ```ts
 * import { mechanismSources, numericCheck } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const { table, mechanisms } = numericCheck(mechanismSources(["thermal_two_masses"], Deno.readTextFileSync));
 * assert.equal(mechanisms.length, 1);
 * assert.equal(table.at(-1)!.contradiction, 0);
 * ```
 */
export function numericCheck(sources: readonly MechanismSource[]): NumericCheckResult {
  const mechanisms: MechanismNumericReport[] = [];
  const skipped: NumericSkip[] = [];
  for (const f of sources) {
    const n = numericSource(f, builtinLibrary());
    if ("reason" in n) skipped.push(n);
    else mechanisms.push(numericStep(f.file, () => checkMechanism(n.model, n.def, n.block)));
  }
  return { table: table8(mechanisms), mechanisms, skipped };
}

/** The soundness check's result (`mech catalog check --paths --json` prints rules, mechanisms and skipped). */
export interface SoundnessCheckResult {
  /** The edge rules' name, e.g. "sound" or "sound-without-cause-unions". */
  rules: string;
  /** The readings of the rules that differ from the paper's (docs/semantics.md §13.10). */
  deviations: Deviation[];
  /** Per mechanism with a numeric model: the observed pairs, their paths and the violations. */
  mechanisms: SoundnessReport[];
  /** Mechanisms without a numeric block, with the reason. */
  skipped: NumericSkip[];
}

/**
 * The episode graph's soundness against numbers: every pair of consecutive qualitative
 * observations of each mechanism's numerical runs must be joined by a path of admissible
 * edges (under the scenario "base", else the mechanism's first). A pair without one is a
 * violation, unless an endpoint lies within 1e-9 of a landmark (boundary).
 *
 * @param sources Mechanism files (see mechanismSources).
 * @param options The edge rules.
 * @returns The rules and, per mechanism, the pairs and violations.
 * @throws {MechanismError} When a file or its numeric block is invalid.
 * @throws {NumericModelError} When a numeric model cannot be assembled or solved.
 *
 * @example
 * ```ts
 * import { mechanismSources, soundnessCheck } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const r = soundnessCheck(mechanismSources(["mechanics_damper"], Deno.readTextFileSync), { rules: "sound" });
 * assert.equal(r.rules, "sound");
 * assert.equal(r.mechanisms[0].violations.length, 0);
 * ```
 */
export function soundnessCheck(sources: readonly MechanismSource[], options: RuleOptions = {}): SoundnessCheckResult {
  const rules = edgeRules(options.rules, options.revert ?? []);
  const mechanisms: SoundnessReport[] = [];
  const skipped: NumericSkip[] = [];
  for (const f of sources) {
    const n = numericSource(f, builtinLibrary());
    if ("reason" in n) {
      skipped.push(n);
      continue;
    }
    const model = n.model;
    const session = new Session(model, model.scenarios.find((s) => s.id === "base")?.id ?? model.scenarios[0].id, { rules });
    mechanisms.push(numericStep(f.file, () => checkPaths(session, n.def, n.block)));
  }
  return { rules: rules.name, deviations: [...rules.deviations], mechanisms, skipped };
}
