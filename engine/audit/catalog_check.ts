// Converter checks on resolved mechanisms (`mech catalog check`): runs the structural
// checks (structural_checks.ts), then, on a well-formed model, the solver-backed ones
// (solver_checks.ts), and collects their findings into one report per mechanism.
// docs/catalog/checks.md states each check precisely.
import type { Library, SourceFile } from "../model/library.ts";
import { loadMechanism } from "../model/load_mechanism.ts";
import { jsonPath } from "../files/json_path.ts";
import { MechanismError } from "../model/issues.ts";
import type { MechanismModel } from "../model/model.ts";
import { countCompositeStates } from "../compile/compile.ts";
import { SolveError, type SolveOptions } from "../solve/solver.ts";
import type { ScenarioSummary } from "../solve/scenario_summary.ts";
import { CheckContext } from "./check_context.ts";
import { type Adder, CHECKS, type CheckId, type Finding } from "./findings.ts";
import { checkFlowBalance, checkLawVariables, checkPorts, checkQuantitySpaces, checkReferences } from "./structural_checks.ts";
import { checkConsistentStates, checkScenarios, checkTransitions, Solves } from "./solver_checks.ts";

/** One converter check on one mechanism: its status and findings. */
export interface CheckResult {
  /** The check's id. */
  id: CheckId;
  /** What it checks, in words. */
  title: string;
  /** Failed when it found an error; skipped when an earlier check failed. */
  status: "passed" | "failed" | "skipped";
  /** Why the check was skipped (an earlier structural check failed). */
  reason?: string;
  /** The problems that fail it. */
  errors: Finding[];
  /** The problems reported without failing it. */
  warnings: Finding[];
}

/** Every converter check on one mechanism file, with its sizes and per-scenario counts. */
export interface MechanismReport {
  /** The mechanism's id (the file's name when it has none). */
  mechanism: string;
  /** The file checked. */
  file: string;
  /** Its components; null when the mechanism did not load. */
  components: number | null;
  /** Its variables; null when it did not load. */
  variables: number | null;
  /** Its composite states; null when it did not load. */
  compositeStates: number | null;
  /** Per scenario, the consistent composite states and the interpretations. */
  scenarios: ScenarioSummary[];
  /** Every check, in the order of the check list. */
  checks: CheckResult[];
  /** Checks passed. */
  passed: number;
  /** Checks failed. */
  failed: number;
  /** Checks skipped. */
  skipped: number;
  /** Warnings over all checks. */
  warnings: number;
  /** No check failed. */
  ok: boolean;
}

export interface CheckOptions {
  /** The component library the mechanism was loaded against (types, ports, file locations). */
  library?: Library;
  /** The mechanism's JSON data, to point at connection groups and free-port entries. */
  data?: unknown;
  solveOptions?: SolveOptions;
}

/** Loads a mechanism file and checks it; a file that does not load fails the `load` check. */
export function checkSource(source: SourceFile, library: Library, options: Omit<CheckOptions, "library" | "data"> = {}): MechanismReport {
  let model: MechanismModel;
  try {
    model = loadMechanism(source.data, source.file, library);
  } catch (e) {
    if (!(e instanceof MechanismError)) throw e;
    const id = String((source.data as { id?: unknown } | null)?.id ?? source.file);
    const errors: Finding[] = e.issues.map((i) => ({
      check: "load", severity: "error", mechanism: id, file: i.file, path: jsonPath(i.path), message: i.message,
    }));
    const checks = CHECKS.map((c): CheckResult =>
      c.id === "load"
        ? { id: c.id, title: c.title, status: "failed", errors, warnings: [] }
        : { id: c.id, title: c.title, status: "skipped", reason: "the mechanism does not load", errors: [], warnings: [] }
    );
    return finish({ mechanism: id, file: source.file, components: null, variables: null, compositeStates: null, scenarios: [], checks });
  }
  return checkMechanism(model, { ...options, library, data: source.data });
}

function finish(r: Omit<MechanismReport, "passed" | "failed" | "skipped" | "warnings" | "ok">): MechanismReport {
  const count = (s: CheckResult["status"]) => r.checks.filter((c) => c.status === s).length;
  const failed = count("failed");
  return {
    ...r,
    passed: count("passed"),
    failed,
    skipped: count("skipped"),
    warnings: r.checks.reduce((n, c) => n + c.warnings.length, 0),
    ok: failed === 0,
  };
}

/** Runs every check on a resolved mechanism. */
export function checkMechanism(model: MechanismModel, options: CheckOptions = {}): MechanismReport {
  const ctx = new CheckContext(model, options.library, options.data);
  const results = new Map<CheckId, CheckResult>();
  const run = (id: CheckId, body: (add: Adder) => void) => {
    const title = CHECKS.find((c) => c.id === id)!.title;
    const r: CheckResult = { id, title, status: "passed", errors: [], warnings: [] };
    const add: Adder = (severity, f) => (severity === "error" ? r.errors : r.warnings).push({ check: id, severity, mechanism: model.id, ...f });
    try {
      body(add);
    } catch (e) {
      if (!(e instanceof SolveError)) throw e;
      add("error", { message: `the solver refused a problem: ${e.message}` });
    }
    if (r.errors.length) r.status = "failed";
    results.set(id, r);
  };
  const skip = (id: CheckId, reason: string) => {
    const title = CHECKS.find((c) => c.id === id)!.title;
    results.set(id, { id, title, status: "skipped", reason, errors: [], warnings: [] });
  };

  run("load", () => {});
  run("ports", (add) => checkPorts(ctx, add));
  run("flow_balance", (add) => checkFlowBalance(ctx, add));
  run("law_variables", (add) => checkLawVariables(ctx, add));
  run("quantity_spaces", (add) => checkQuantitySpaces(ctx, add));
  run("references", (add) => checkReferences(ctx, add));

  // The semantic checks compile and solve; they need well-formed references.
  const broken = (["law_variables", "quantity_spaces", "references"] as const).filter((id) => results.get(id)!.status === "failed");
  let scenarios: ScenarioSummary[] = [];
  if (broken.length) {
    const reason = `needs a well-formed model (${broken.join(", ")} failed)`;
    for (const id of ["scenarios", "consistent_states", "transitions"] as const) skip(id, reason);
  } else {
    let solves: Solves | undefined;
    run("consistent_states", (add) => {
      solves = new Solves(ctx, options.solveOptions);
      scenarios = checkConsistentStates(ctx, solves, add);
    });
    if (solves) {
      run("scenarios", (add) => checkScenarios(ctx, solves!, add));
      run("transitions", (add) => checkTransitions(ctx, solves!, add));
    } else {
      skip("scenarios", "the composite states could not be solved");
      skip("transitions", "the composite states could not be solved");
    }
  }
  return finish({
    mechanism: model.id,
    file: model.file,
    components: model.instances.length,
    variables: model.variables.length,
    compositeStates: countCompositeStates(model),
    scenarios,
    checks: CHECKS.map((c) => results.get(c.id)!),
  });
}
