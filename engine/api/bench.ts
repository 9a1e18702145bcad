// Timing the solver and the episode graph from scripts: the workloads `mech bench solve`
// and `mech bench simulate` time, on a mechanism or a synthetic thermal chain or ladder.
import type { CompositeState } from "../compile/compile.ts";
import type { MechanismModel } from "../model/model.ts";
import { benchSolve } from "../bench/solve_bench.ts";
import { benchSimulate, caseStart, syntheticStart } from "../bench/simulate_bench.ts";
import { flowingState, mechanismStates, parseSyntheticSpec, type SyntheticKind, syntheticModel } from "../bench/solve_workloads.ts";
import type { SimulateBenchResult, SolveBenchResult } from "../bench/schema.ts";
import { DEFAULT_HORIZON } from "../episode/simulate_defaults.ts";
import { edgeRules } from "../episode/rules.ts";
import type { RuleProfile } from "../episode/rule_names.ts";
import { OptionsError } from "../files/errors.ts";

/** A synthetic thermal mechanism: a chain of N capacitors, or a 2×N ladder. */
export interface SyntheticMechanism {
  /** "chain" or "ladder". */
  kind: SyntheticKind;
  /** Its size N. */
  n: number;
  /** The mechanism, validated against the built-in library. */
  model: MechanismModel;
}

/**
 * A synthetic thermal mechanism from its spec, "chain:N" (N capacitors in a row) or
 * "ladder:N" (2×N), N from 1 to 20,000: scalable workloads for the benchmarks.
 *
 * @param spec "chain:N" or "ladder:N".
 * @param name How the error message names the spec (default "synthetic").
 * @returns The mechanism with its kind and size.
 * @throws {WorkloadSpecError} For a malformed spec or an N out of range.
 *
 * @example
 * ```ts
 * import { syntheticMechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const chain = syntheticMechanism("chain:5");
 * assert.equal(chain.n, 5);
 * assert.throws(() => syntheticMechanism("chain:0"), /synthetic expects chain:N or ladder:N/);
 * ```
 */
export function syntheticMechanism(spec: string, name = "synthetic"): SyntheticMechanism {
  const s = parseSyntheticSpec(spec, name);
  return { ...s, model: syntheticModel(s) };
}

const isSynthetic = (t: MechanismModel | SyntheticMechanism): t is SyntheticMechanism => "model" in t && "kind" in t;

/** What benchSolver times. */
export interface BenchSolverOptions {
  /**
   * Fix some components' states. A mechanism is timed on every composite state extending
   * them; a synthetic one on its "flowing" state with these replaced.
   */
  state?: CompositeState;
  /** The scenario (default: the mechanism's first). */
  scenario?: string;
  /** Timed runs after the warm-up runs (default 10). */
  runs?: number;
  /** Abandon a run of the TypeScript reference solver after this many seconds (default 10). */
  referenceTimeoutS?: number;
  /** Called before each run of each stage (run 0: the warm-up runs), for a progress display. */
  onRun?: (stage: "compile" | "wasm" | "reference", run: number, runs: number) => void;
}

/**
 * Times compiling and solving a mechanism's problems (what `mech bench solve` measures):
 * median, p95 and throughput of compiling, of the WASM solver and, where it finishes in
 * time, of the TypeScript reference, whose counts are checked equal; exact counts and
 * decision-diagram sizes. Warm-up runs (at least 250 ms) come first and are excluded.
 *
 * @param target A mechanism, or a synthetic one (see syntheticMechanism).
 * @param options States, scenario, runs and the reference's time limit.
 * @returns The timings and counts.
 * @throws {CompileError} For an unknown component, state or scenario.
 * @throws {SolverMismatchError} When the WASM and reference solvers count differently (a bug).
 *
 * @example
 * ```ts
 * import { benchSolver, syntheticMechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const r = benchSolver(syntheticMechanism("chain:3"), { runs: 1 });
 * assert.equal(r.counts.problems, 1);
 * console.log(`${r.wasm.medianMs} ms per solve`);
 * ```
 */
export function benchSolver(target: MechanismModel | SyntheticMechanism, options: BenchSolverOptions = {}): SolveBenchResult {
  const synthetic = isSynthetic(target) ? target : null;
  const model = synthetic ? synthetic.model : target as MechanismModel;
  const fixed = options.state ?? {};
  // a synthetic mechanism is timed in its flowing state (as the deno bench suites do)
  const states = synthetic ? [flowingState(model, fixed)] : mechanismStates(model, fixed);
  return benchSolve(
    { label: synthetic ? `${synthetic.kind}:${synthetic.n}` : model.id, model, states, scenario: options.scenario },
    { runs: options.runs, referenceTimeoutS: options.referenceTimeoutS, onRun: options.onRun },
  );
}

/** What benchEpisodeGraph times. */
export interface BenchEpisodeGraphOptions {
  /** A mechanism's scenario (default: its start case); not for a synthetic mechanism, which starts in "base". */
  scenario?: string;
  /** The depth the graph is built to (default 3). */
  horizon?: number;
  /** The edge-rule profile (default "sound"). */
  rules?: RuleProfile;
  /** Timed runs after the warm-up runs (default 5). */
  runs?: number;
  /** Called before each run (0: the warm-up), for a progress display. */
  onRun?: (run: number, runs: number) => void;
}

/**
 * Times building the bounded episode graph (what `mech bench simulate` measures): a
 * mechanism from its start case as `mech simulate` starts (every episode of the case up
 * to 250, else the first), a synthetic one from the first episode of its flowing state;
 * median, p95, episodes and edges per layer, episodes per second.
 *
 * @param target A mechanism, or a synthetic one (see syntheticMechanism).
 * @param options Scenario, horizon, edge rules and runs.
 * @returns The timings and the graph's sizes.
 * @throws {OptionsError} When a scenario is given for a synthetic mechanism.
 * @throws {EpisodeSpecError} When the scenario's case has no episode.
 * @throws {CompileError} For an unknown scenario.
 *
 * @example
 * ```ts
 * import { benchEpisodeGraph, mechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const r = benchEpisodeGraph(mechanism("thermal_two_masses"), { horizon: 2, runs: 1 });
 * assert.equal(r.layers.length, 3);
 * ```
 */
export function benchEpisodeGraph(target: MechanismModel | SyntheticMechanism, options: BenchEpisodeGraphOptions = {}): SimulateBenchResult {
  let w;
  if (isSynthetic(target)) {
    if (options.scenario !== undefined) throw new OptionsError("benchEpisodeGraph: scenario does not apply to a synthetic mechanism (it starts from the flowing state in the base scenario)");
    w = syntheticStart(target);
  } else {
    w = caseStart(target, options.scenario);
  }
  return benchSimulate(w, options.horizon ?? DEFAULT_HORIZON, { runs: options.runs, rules: edgeRules(options.rules), onRun: options.onRun });
}
