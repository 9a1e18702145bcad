/**
 * The exact qualitative solver: load and validate a mechanism, compile a composite state,
 * solve it exactly (counts as bigint, forced facts, supported cells, interpretations), and
 * build the episode graph under either edge-rule profile.
 *
 * @example Count the interpretations of every composite state
 * ```ts
 * import { mechanism, solveStates } from "@mechbench/mechbench/solver";
 *
 * for (const s of solveStates(mechanism("mechanics_damper"))) console.log(s.label, s.count);
 * ```
 *
 * @module
 */
export { mechanism, mechanismFile, mechanismIds, parseMechanism } from "./mechanisms.ts";
export { compileState, interpretations, type SolvedProblem, solveProblem, type SolveStatesOptions, solveStates, type StateSolution } from "./solve_states.ts";
export { type EdgeExplanationResult, type EpisodeGraph, explainEdge, type ExplainEdgeOptions, type RuleOptions, simulate, type SimulateOptions } from "./episode_graph.ts";
export { MechanismError, type ModelIssue } from "../model/issues.ts";
export { CompileError, type CompositeState } from "../compile/compile.ts";
export { SolveError, type Solution } from "../solve/solver.ts";
export { EpisodeSpecError } from "../episode/initial.ts";
export { DEVIATIONS, type Deviation, RULE_PROFILES, type RuleProfile } from "../episode/rule_names.ts";
export type { MechanismModel } from "../model/model.ts";
export type { Problem } from "../compile/problem.ts";
export type { EdgeExplanationJson, GraphJson } from "../episode/graph_json.ts";
