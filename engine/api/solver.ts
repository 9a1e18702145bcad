/**
 * The exact qualitative solver: load and validate a mechanism, compile a composite state,
 * solve it exactly (counts as bigint, forced facts, supported cells, interpretations), and
 * build the episode graph under either edge-rule profile; the catalog's checks, the
 * numerical and soundness checks, the Modelica export and the solver's benchmarks.
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
export {
  mechanism,
  mechanismFile,
  mechanismIds,
  type MechanismSource,
  mechanismSource,
  mechanismSources,
  parseMechanism,
  type ReadText,
  resolveMechanism,
  UnknownMechanismError,
} from "./mechanisms.ts";
export {
  type CompiledState,
  compileState,
  compileStates,
  interpretations,
  solutionJson,
  type SolvedProblem,
  solveProblem,
  type SolverLimits,
  type SolveStatesOptions,
  solveStates,
  type StateSolution,
} from "./solve_states.ts";
export {
  catalogEdges,
  type CatalogEdges,
  type CatalogEdgesOptions,
  type EdgeExplanationResult,
  type EpisodeGraph,
  explainEdge,
  type ExplainEdgeOptionNames,
  type ExplainEdgeOptions,
  type RuleOptions,
  simulate,
  type SimulateLayer,
  type SimulateOptions,
  type SimulateProgress,
  type SimulateStart,
} from "./episode_graph.ts";
export { type CatalogListing, catalogListing, type CatalogRunRow, type CatalogSummary, catalogSummaries, checkMechanisms, mechanismDescription, solveCatalog } from "./catalog.ts";
export { numericCheck, type NumericCheckResult, type ParallelOptions, soundnessCheck, type SoundnessCheckResult } from "./numeric_check.ts";
export { type ComposedCatalog, composeMechanisms, type ComposeMechanismsOptions, MAX_COMPOSED_COMPONENTS, MAX_COMPOSED_COUNT } from "./compose.ts";
export { type CandidateEvent, type Composed, type ComposedFile, ComposeError } from "../compose/compose.ts";
export type { Kind as ComposedKind } from "../compose/structure.ts";
export type { Gate, Rejection } from "../compose/gates.ts";
export { COMPOSE_DOMAINS, type ComposerRecord, type ComposeSettings, GATES } from "../model/composer_record.ts";
export { type CatalogDirectory, loadCatalogDirectory } from "./catalog_directory.ts";
export { exportModelica, type ModelicaOptions } from "./modelica.ts";
export { type BenchEpisodeGraphOptions, benchEpisodeGraph, benchSolver, type BenchSolverOptions, type SyntheticMechanism, syntheticMechanism } from "./bench.ts";
export { MechanismError, type ModelIssue } from "../model/issues.ts";
export { parseJsonText } from "../model/json_text.ts";
export { jsonPath, type JsonPath } from "../files/json_path.ts";
export { CompileError, type CompositeState } from "../compile/compile.ts";
export { parseProblems } from "../compile/problem_lines.ts";
export { type ComponentSolution, type EmptyCause, type Removal, SolveError, type Solution, type SolveStats } from "../solve/solver.ts";
export type { Diagram } from "../solve/diagram.ts";
export type { SolutionJson } from "../solve/describe.ts";
export { EpisodeSpecError } from "../episode/initial.ts";
export { SessionLimitError } from "../episode/session.ts";
export { ReachLimitError } from "../episode/reach.ts";
export type { SimulateOptionNames } from "../episode/simulate_start.ts";
export type { EdgeCountRow } from "../episode/edge_counts.ts";
export { observationChange, type PathCheck, type PathDisposition, type SoundnessReport, type UniverseExit } from "../episode/soundness.ts";
export { DEFAULT_PROFILE, DEVIATIONS, type Deviation, RULE_PROFILES, type RuleProfile } from "../episode/rule_names.ts";
export { DEFAULT_EXPANSION_BUDGET, DEFAULT_HORIZON } from "../episode/simulate_defaults.ts";
export type {
  MechanismModel,
  ModelGuard,
  ModelInstance,
  ModelLaw,
  ModelNode,
  ModelRestriction,
  ModelScenario,
  ModelTerm,
  ModelTransition,
  ModelVariable,
} from "../model/model.ts";
export type { VariableKind } from "../model/type_table.ts";
export type { PhysicalDomain } from "../model/physical_domains.ts";
export type { Sign } from "../model/sign.ts";
export type { Problem } from "../compile/problem.ts";
export type { EdgeExplanationJson, GraphJson } from "../episode/graph_json.ts";
export { type CheckId, formatFinding, type Finding } from "../audit/findings.ts";
export type { CheckResult, MechanismReport } from "../audit/catalog_check.ts";
export type { MechanismListing } from "../audit/describe_mechanism.ts";
export type { Disposition, MechanismNumericReport, StateResult, Table8Row, TransitionResult } from "../numeric/check.ts";
export type { ScenarioSummary } from "../solve/scenario_summary.ts";
export { NumericModelError, type NumericSkip } from "../numeric/source_model.ts";
export { UnitError, WorkersUnavailableError } from "../parallel/units.ts";
export { ExportError } from "../export/modelica.ts";
export { type SyntheticKind, WorkloadSpecError } from "../bench/solve_workloads.ts";
export { SolverMismatchError } from "../bench/solve_bench.ts";
export type { SimulateBenchResult, SolveBenchResult } from "../bench/schema.ts";
export { DEFAULT_REFERENCE_TIMEOUT_S, DEFAULT_SIMULATE_RUNS, DEFAULT_SOLVE_RUNS, WARMUP_MS } from "../bench/defaults.ts";
export { jsonSchemaFiles } from "./schemas.ts";
export { OptionsError, StoreError } from "../files/errors.ts";

// The schemas the record types above are built from (their explicit types name them)
export type { Confluence, Factor, ProblemVariable, Term } from "../compile/problem.ts";
export type { CauseJson, ChangeJson, ClauseJson, EdgeJson, EpisodeJson, QEventJson, TransitionTripleJson } from "../episode/graph_json.ts";
export type { LayerSize, ReferenceOutcome, SolveCounts, TimeSummary } from "../bench/schema.ts";
