// The numerical checks for scripts: the numerical consistency check (integrate each
// mechanism's numeric model, project onto the qualitative vocabulary, compare with exact
// relations; paper Table 8) and the episode graph's soundness against the same runs.
import { z } from "zod";
import { type MechanismNumericReport, table8, type Table8Row } from "../numeric/check.ts";
import { NumericModelError, type NumericSkip } from "../numeric/source_model.ts";
import type { SoundnessReport } from "../episode/soundness.ts";
import { edgeRules } from "../episode/rules.ts";
import { runUnits } from "../parallel/units.ts";
import { checkOptions, JOBS, SIGNAL } from "./options.ts";
import { NUMERIC_CHECK_WORKER, numericCheckHandler, type NumericCheckInit, type NumericCheckOutcome } from "./numeric_check_job.ts";
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
 * @param options `jobs`: Web Workers to spread the mechanisms over (default 1); `signal` stops it.
 * @returns Table 8, the per-mechanism reports and the skipped mechanisms.
 * @throws {MechanismError} When a file or its numeric block is invalid.
 * @throws {NumericModelError} When a numeric model cannot be assembled or solved (naming the file).
 *
 * @example
 * ```ts
 * import { mechanismSources, numericCheck } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const { table, mechanisms } = await numericCheck(mechanismSources(["thermal_two_masses"], Deno.readTextFileSync));
 * assert.equal(mechanisms.length, 1);
 * assert.equal(table.at(-1)!.contradiction, 0);
 * ```
 */
export async function numericCheck(sources: readonly MechanismSource[], options: ParallelOptions = {}): Promise<NumericCheckResult> {
  const o = checkOptions("numericCheck", ParallelSchema, options);
  const mechanisms: MechanismNumericReport[] = [];
  const skipped: NumericSkip[] = [];
  for (const r of await checkUnits(sources, { check: "numeric" }, o)) {
    if (r.kind === "skipped") skipped.push(r.skip);
    else if (r.kind === "numeric") mechanisms.push(r.report);
  }
  return { table: table8(mechanisms), mechanisms, skipped };
}

/** Workers for a check (default 1: this thread; the result is the same for any number), and a signal that stops it. */
export interface ParallelOptions {
  /** Web Workers to spread the mechanisms over (default 1). */
  jobs?: number;
  /** Stops the check; it then rejects with the signal's reason. */
  signal?: AbortSignal;
}

const ParallelSchema = z.object({
  jobs: JOBS,
  signal: SIGNAL,
}).strict();

/** Every source's outcome, in source order, over `jobs` workers. */
function checkUnits(sources: readonly MechanismSource[], init: NumericCheckInit, o: { jobs: number; signal?: AbortSignal }): Promise<NumericCheckOutcome[]> {
  return runUnits({ entry: NUMERIC_CHECK_WORKER, init, units: sources, handler: numericCheckHandler, name: (f) => f.file, errors: [NumericModelError] }, { jobs: o.jobs, ...(o.signal ? { signal: o.signal } : {}) });
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
 * @param options The edge rules; `jobs`, Web Workers to spread the mechanisms over (default 1); `signal` stops it.
 * @returns The rules and, per mechanism, the pairs and violations.
 * @throws {MechanismError} When a file or its numeric block is invalid.
 * @throws {NumericModelError} When a numeric model cannot be assembled or solved.
 *
 * @example
 * ```ts
 * import { mechanismSources, soundnessCheck } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const r = await soundnessCheck(mechanismSources(["mechanics_damper"], Deno.readTextFileSync), { rules: "sound" });
 * assert.equal(r.rules, "sound");
 * assert.equal(r.mechanisms[0].violations.length, 0);
 * ```
 */
export async function soundnessCheck(sources: readonly MechanismSource[], options: RuleOptions & ParallelOptions = {}): Promise<SoundnessCheckResult> {
  const { rules: profile, revert, ...parallel } = options;
  const o = checkOptions("soundnessCheck", ParallelSchema, parallel);
  const rules = edgeRules(profile, revert ?? []);
  const mechanisms: SoundnessReport[] = [];
  const skipped: NumericSkip[] = [];
  for (const r of await checkUnits(sources, { check: "paths", ...(profile ? { rules: profile } : {}), revert: [...(revert ?? [])] }, o)) {
    if (r.kind === "skipped") skipped.push(r.skip);
    else if (r.kind === "paths") mechanisms.push(r.report);
  }
  return { rules: rules.name, deviations: [...rules.deviations], mechanisms, skipped };
}
