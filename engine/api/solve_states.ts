// Solving a mechanism's composite states for scripts: each state compiled under a scenario
// and solved exactly, with names instead of indices.
import { compile, type CompositeState, compositeStates, stateLabel } from "../compile/compile.ts";
import type { Problem } from "../compile/problem.ts";
import type { MechanismModel } from "../model/model.ts";
import { interpretations as rawInterpretations, type Solution, solve } from "../solve/solver.ts";
import { describeSolution, type SolutionJson } from "../solve/describe.ts";

/** Limits of an exact solve. */
export interface SolverLimits {
  /** Confluences with more distinct variables than this skip GAC (the decision diagram stays exact); default 10. */
  maxGacScope?: number;
  /** Upper bound on decision-diagram nodes built per component before the solve is refused (SolveError); default 5,000,000. */
  nodeLimit?: number;
}

/** One composite state of a mechanism, solved. */
export interface StateSolution extends SolvedProblem {
  /** Each component's local state. */
  state: CompositeState;
  /** The state as one line, e.g. "mass1=MOVING_POSITIVE spring1=TENSED". */
  label: string;
  /** The scenario whose restrictions were applied. */
  scenario: string;
  /** The compiled problem (variables, confluences, restrictions) the solver saw. */
  problem: Problem;
}

/** What solveStates solves. */
export interface SolveStatesOptions {
  /** Fix some components' states (others range over all their states). Default: none fixed. */
  state?: CompositeState;
  /** The scenario whose context and case restrictions apply (default: the mechanism's first). */
  scenario?: string;
  /** Solver limits. */
  solver?: SolverLimits;
}

/**
 * Every composite state of a mechanism (or those matching `state`), in canonical order,
 * each compiled and solved exactly. Lazy: a state is solved when the iterator reaches it.
 *
 * @param model A mechanism (see mechanism and parseMechanism).
 * @param options Fixed component states, the scenario, solver limits.
 * @returns An iterator of solved states.
 * @throws {CompileError} For an unknown component, state or scenario.
 * @throws {SolveError} When a solve exceeds its node limit.
 *
 * @example Count interpretations and print forced facts
 * ```ts
 * import { mechanism, solveStates } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const states = [...solveStates(mechanism("mechanics_damper"))];
 * assert.ok(states.length > 0);
 * for (const s of states) {
 *   assert.equal(typeof s.count, "bigint");
 *   console.log(`${s.label}: ${s.count} interpretations; forced ${JSON.stringify(s.forced)}`);
 * }
 * ```
 */
export function* solveStates(model: MechanismModel, options: SolveStatesOptions = {}): Generator<StateSolution, void, undefined> {
  for (const state of compositeStates(model, options.state ?? {})) {
    const { problem } = compile(model, state, options.scenario);
    const solution = solve(problem, options.solver ?? {});
    yield named(model, state, problem, solution);
  }
}

function named(model: MechanismModel, state: CompositeState, problem: Problem, solution: Solution): StateSolution {
  return { state, label: stateLabel(model, state), scenario: problem.scenario ?? "", problem, ...namedSolution(solution) };
}

function namedSolution(solution: Solution): SolvedProblem {
  const vars = solution.problem.variables;
  const forced: Record<string, string> = {};
  for (const [v, c] of [...solution.forced].sort((a, b) => a[0] - b[0])) forced[vars[v].name] = vars[v].cells[c];
  const supported: Record<string, string[]> = {};
  solution.supported.forEach((cells, v) => (supported[vars[v].name] = cells.map((c) => vars[v].cells[c])));
  return { solution, count: solution.count, forced, supported };
}

/**
 * One composite state compiled into the problem the solver sees: its variables with their
 * cells, its confluences, the restrictions of the scenario. The problem format is the one
 * `mech compile --json` prints and catalog/schema/problem.json describes.
 *
 * @param model A mechanism.
 * @param state A local state for every component (single-state components may be left out).
 * @param options The scenario (default: the mechanism's first).
 * @returns The problem.
 * @throws {CompileError} For an unknown component, state or scenario, or a component left without a state.
 *
 * @example
 * ```ts
 * import { compileState, mechanism, solveProblem, solveStates } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const model = mechanism("mechanics_damper");
 * const [s] = solveStates(model);
 * const problem = compileState(model, s.state);
 * assert.equal(solveProblem(problem).count, s.count);
 * ```
 */
export function compileState(model: MechanismModel, state: CompositeState, options: { scenario?: string } = {}): Problem {
  const full: CompositeState = { ...state };
  for (const i of model.instances) if (full[i.name] === undefined && i.states.length === 1) full[i.name] = i.states[0];
  return compile(model, full, options.scenario).problem;
}

/** A problem's exact solution with names. */
export interface SolvedProblem {
  /** The solver's result with indices. */
  solution: Solution;
  /** The exact number of interpretations. */
  count: bigint;
  /** Variables that take the same cell in every interpretation: name → cell. */
  forced: Record<string, string>;
  /** Per variable, the cells some interpretation takes. */
  supported: Record<string, string[]>;
}

/**
 * Solves a compiled problem exactly (a problem from compileState, or one read from a
 * `mech compile --json` line and checked against the problem schema by the caller).
 *
 * @param problem The problem.
 * @param options Solver limits.
 * @returns The exact count, forced facts and supported cells.
 * @throws {SolveError} When the solve exceeds its node limit.
 *
 * @example
 * ```ts
 * import { compileState, mechanism, solveProblem } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const model = mechanism("mechanics_damper");
 * const state = Object.fromEntries(model.instances.map((i) => [i.name, i.states[0]]));
 * const solved = solveProblem(compileState(model, state));
 * assert.ok(solved.count >= 0n);
 * ```
 */
export function solveProblem(problem: Problem, options: SolverLimits = {}): SolvedProblem {
  return namedSolution(solve(problem, options));
}

/**
 * The interpretations of a solved state, each as variable name → cell, in the solver's
 * canonical order. Lazy: there may be more than fit in memory.
 *
 * @param solved A state from solveStates.
 * @returns An iterator of interpretations.
 *
 * @example
 * ```ts
 * import { interpretations, mechanism, solveStates } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const [first] = solveStates(mechanism("mechanics_damper"));
 * let n = 0n;
 * for (const row of interpretations(first)) {
 *   assert.equal(typeof row, "object");
 *   n++;
 * }
 * assert.equal(n, first.count);
 * ```
 */
export function* interpretations(solved: Pick<StateSolution, "solution">): Generator<Record<string, string>, void, undefined> {
  const vars = solved.solution.problem.variables;
  for (const a of rawInterpretations(solved.solution)) {
    const row: Record<string, string> = {};
    a.forEach((c, v) => (row[vars[v].name] = vars[v].cells[c]));
    yield row;
  }
}

/** One composite state of a mechanism, compiled. */
export interface CompiledState {
  /** Each component's local state. */
  state: CompositeState;
  /** The state as one line, e.g. "COOLING|HEATING|FORWARD_HEAT_FLOW". */
  label: string;
  /** The scenario whose restrictions were applied. */
  scenario: string;
  /** The compiled problem (the format of `mech compile --json`). */
  problem: Problem;
}

/**
 * Every composite state of a mechanism (or those extending `state`), in canonical order,
 * each compiled into the problem the solver sees. Lazy, like solveStates.
 *
 * @param model A mechanism.
 * @param options Fixed component states and the scenario (default: the mechanism's first).
 * @returns An iterator of compiled states.
 * @throws {CompileError} For an unknown component, state or scenario.
 *
 * @example Print each state's variables and confluences
 * ```ts
 * import { compileStates, mechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const states = [...compileStates(mechanism("thermal_two_masses"), { state: { mass1: "COOLING" } })];
 * assert.ok(states.every((s) => s.state.mass1 === "COOLING"));
 * for (const s of states) console.log(s.label, s.problem.variables.length, s.problem.confluences.length);
 * ```
 */
export function* compileStates(model: MechanismModel, options: Pick<SolveStatesOptions, "state" | "scenario"> = {}): Generator<CompiledState, void, undefined> {
  for (const state of compositeStates(model, options.state ?? {})) {
    const { problem } = compile(model, state, options.scenario);
    yield { state, label: stateLabel(model, state), scenario: problem.scenario ?? "", problem };
  }
}

/**
 * A solution in the machine format of `mech solve --json`: the exact count as a decimal
 * string, forced and supported cells by name, the first `limit` interpretations, why an
 * empty problem is empty, and the solver's statistics.
 *
 * @param solved A solved state or problem (from solveStates or solveProblem).
 * @param limit How many interpretations to list (default 10).
 * @returns The solution as plain JSON.
 *
 * @example
 * ```ts
 * import { mechanism, solutionJson, solveStates } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const [first] = solveStates(mechanism("thermal_two_masses"));
 * const j = solutionJson(first, 1);
 * assert.equal(j.count, first.count.toString());
 * assert.ok(j.interpretations.length <= 1);
 * ```
 */
export function solutionJson(solved: Pick<SolvedProblem, "solution">, limit = 10): SolutionJson {
  return describeSolution(solved.solution, limit);
}
