// Timing the exact solver on a mechanism's problems: compile and WASM solve separately,
// a warm-up run excluded, then K timed runs; the TypeScript reference timed the same way
// when it finishes within a time limit, and its counts checked against the WASM solver's.
// Counts are deterministic and checked to be equal in every run; times are measured.
import type { MechanismModel } from "../model/model.ts";
import { compile, type CompositeState, stateLabel } from "../compile/compile.ts";
import type { Problem } from "../compile/problem.ts";
import { type Solution, solve } from "../solve/solver.ts";
import { referenceSolve, ReferenceTimeout } from "../solve/reference.ts";
import { summarize, timed, warmUp } from "./stats.ts";
import type { ReferenceOutcome, SolveBenchResult } from "./schema.ts";

import { DEFAULT_REFERENCE_TIMEOUT_S, DEFAULT_SOLVE_RUNS, WARMUP_MS } from "./defaults.ts";

export interface SolveWorkload {
  /** What is benchmarked: a mechanism id, or the synthetic spec. */
  label: string;
  model: MechanismModel;
  states: readonly CompositeState[];
  /** The scenario id; absent: the mechanism's first. */
  scenario?: string;
}

export interface SolveBenchOptions {
  runs?: number;
  referenceTimeoutS?: number;
  /** The reference solver (default referenceSolve); tests pass a wrong one to see a mismatch reported. */
  reference?: typeof referenceSolve;
  /** Called before each run (warm-up included), for a progress display. */
  onRun?: (stage: "compile" | "wasm" | "reference", run: number, runs: number) => void;
}

/**
 * The WASM and reference solvers gave different counts: a bug in one of them, never a
 * measurement artefact.
 *
 * @example
 * ```ts
 * import { benchSolver, SolverMismatchError, syntheticMechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * try {
 *   const r = benchSolver(syntheticMechanism("chain:2"), { runs: 1 });
 *   assert.equal(r.counts.problems, 1);
 * } catch (e) {
 *   if (e instanceof SolverMismatchError) console.error("report this:", e.message);
 *   throw e;
 * }
 * ```
 */
export class SolverMismatchError extends Error {
  /** The error's name, for messages and logs. */
  override name = "SolverMismatchError";
}

const perSecond = (items: number, ms: number) => (items * 1000) / ms;

export function benchSolve(w: SolveWorkload, options: SolveBenchOptions = {}): SolveBenchResult {
  const runs = options.runs ?? DEFAULT_SOLVE_RUNS;
  if (!(Number.isInteger(runs) && runs >= 1)) throw new RangeError(`runs must be a positive integer, got ${runs}`);
  const limitS = options.referenceTimeoutS ?? DEFAULT_REFERENCE_TIMEOUT_S;
  const note = options.onRun ?? (() => {});
  const compileAll = () => w.states.map((s) => compile(w.model, s, w.scenario).problem);
  const solveAll = () => problems.reduce((sum, p) => sum + solve(p).count, 0n);

  note("compile", 0, runs);
  let problems: Problem[] = [];
  const compileWarmup = warmUp(() => void (problems = compileAll()), WARMUP_MS);
  const compileMs: number[] = [];
  for (let r = 1; r <= runs; r++) {
    note("compile", r, runs);
    compileMs.push(timed(compileAll).ms);
  }

  note("wasm", 0, runs);
  let first: Solution[] = [];
  const wasmWarmup = warmUp((r) => void (r === 0 ? (first = problems.map((p) => solve(p))) : solveAll()), WARMUP_MS);
  const counts = first.map((s) => s.count);
  const total = counts.reduce((a, b) => a + b, 0n);
  const wasmMs: number[] = [];
  for (let r = 1; r <= runs; r++) {
    note("wasm", r, runs);
    const { ms, value } = timed(solveAll);
    if (value !== total) throw new SolverMismatchError(`the WASM solver counted ${value} interpretations in run ${r}, ${total} in the warm-up run`);
    wasmMs.push(ms);
  }
  const wasm = summarize(wasmMs);
  const compiled = summarize(compileMs);
  const sizes = problems.map((p) => p.variables.length);
  const reference = benchReference(w, problems, counts, { runs, limitS, wasmMedianMs: wasm.medianMs, note, reference: options.reference ?? referenceSolve });
  return {
    label: w.label,
    mechanism: w.model.id,
    scenario: problems[0]?.scenario ?? "",
    variables: { min: Math.min(...sizes), max: Math.max(...sizes) },
    warmupRuns: { compile: compileWarmup, wasm: wasmWarmup, reference: reference.warmupRuns },
    compile: { ...compiled, problemsPerSecond: perSecond(problems.length, compiled.medianMs) },
    wasm: { ...wasm, solvesPerSecond: perSecond(problems.length, wasm.medianMs) },
    counts: {
      problems: problems.length,
      consistent: counts.filter((c) => c > 0n).length,
      interpretations: total.toString(),
      mddNodes: first.reduce((n, s) => n + s.stats.mddNodes, 0),
      confluenceChecks: first.reduce((n, s) => n + s.stats.confluenceChecks, 0),
      gacRevisions: first.reduce((n, s) => n + s.stats.gacRevisions, 0),
    },
    reference: reference.outcome,
  };
}

/**
 * The reference's warm-up run (which also checks every count against the WASM solver's)
 * and K timed runs, each abandoned past `limitS` seconds.
 */
function benchReference(
  w: SolveWorkload,
  problems: readonly Problem[],
  counts: readonly bigint[],
  { runs, limitS, wasmMedianMs, note, reference }: {
    runs: number;
    limitS: number;
    wasmMedianMs: number;
    note: NonNullable<SolveBenchOptions["onRun"]>;
    reference: typeof referenceSolve;
  },
): { outcome: ReferenceOutcome; warmupRuns: number } {
  const once = (check: boolean) => {
    const deadline = performance.now() + limitS * 1000;
    problems.forEach((p, i) => {
      const n = reference(p, { deadline, keepInterpretations: false }).count;
      if (check && n !== counts[i]) {
        throw new SolverMismatchError(
          `the solvers disagree on ${w.label} state ${stateLabel(w.model, w.states[i])}: WASM ${counts[i]}, reference ${n} interpretations`,
        );
      }
    });
  };
  const ms: number[] = [];
  let warmupRuns = 0;
  let r = 0;
  try {
    note("reference", 0, runs);
    warmupRuns = warmUp((k) => once(k === 0), WARMUP_MS);
    for (r = 1; r <= runs; r++) {
      note("reference", r, runs);
      ms.push(timed(() => once(false)).ms);
    }
  } catch (e) {
    if (!(e instanceof ReferenceTimeout)) throw e;
    return { outcome: { status: "did-not-finish", limitS, run: r === 0 ? "warm-up" : `timed run ${r}` }, warmupRuns };
  }
  const s = summarize(ms);
  return {
    outcome: { ...s, status: "finished", solvesPerSecond: perSecond(problems.length, s.medianMs), ratio: s.medianMs / wasmMedianMs, agree: true },
    warmupRuns,
  };
}
