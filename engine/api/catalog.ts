// The built-in catalog for scripts: its mechanisms summarised and solved, a mechanism
// described, and the converter checks of mechanism files, all against the built-in
// component library.
import { builtinLibrary, builtinMechanism, builtinMechanismIds, builtinSummaries } from "../../catalog/mod.ts";
import { countCompositeStates } from "../compile/compile.ts";
import { MechanismError, oneOf } from "../model/issues.ts";
import { type MechanismModel, multiStateInstances } from "../model/model.ts";
import { summarizeScenarios } from "../solve/scenario_summary.ts";
import { checkSource, type MechanismReport } from "../audit/catalog_check.ts";
import { describeMechanism, type MechanismListing, mechanismListing } from "../audit/describe_mechanism.ts";
import { type MechanismSource, UnknownMechanismError } from "./mechanisms.ts";

/** A built-in mechanism in brief, read from its file without resolving the model. */
export interface CatalogSummary {
  /** The catalog id. */
  id: string;
  /** The mechanism's title ("" when it has none). */
  title: string;
  /** Its scenarios' ids. */
  scenarios: string[];
  /** |S|: the product of the components' numbers of local states. */
  compositeStates: number;
}

/**
 * Every built-in mechanism in brief (what `mech list` prints), in catalog order. Fast: the
 * files are read, not resolved into models.
 *
 * @returns One summary per built-in mechanism.
 *
 * @example
 * ```ts
 * import { catalogSummaries } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const damper = catalogSummaries().find((m) => m.id === "mechanics_damper");
 * assert.ok(damper && damper.compositeStates > 0);
 * ```
 */
export function catalogSummaries(): CatalogSummary[] {
  return builtinSummaries();
}

/** A built-in mechanism's listing, or the error that keeps it from loading. */
export type CatalogListing = { id: string; listing: MechanismListing } | { id: string; error: MechanismError };

/**
 * Every built-in mechanism's listing (id, provenance, components, composite states,
 * scenarios), in catalog order; a mechanism that does not load comes with its error.
 *
 * @returns One entry per built-in mechanism.
 *
 * @example
 * ```ts
 * import { catalogListing } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * for (const m of catalogListing()) {
 *   assert.ok("listing" in m, `${m.id} loads`);
 *   console.log(m.id, m.listing.components, m.listing.compositeStates);
 * }
 * ```
 */
export function catalogListing(): CatalogListing[] {
  return builtinMechanismIds().map((id) => {
    try {
      return { id, listing: mechanismListing(builtinMechanism(id)!) };
    } catch (e) {
      if (!(e instanceof MechanismError)) throw e;
      return { id, error: e };
    }
  });
}

/** One row of `mech run`: a mechanism's composite states solved under one scenario. */
export interface CatalogRunRow {
  /** The mechanism's id. */
  mechanism: string;
  /** The scenario's id. */
  scenario: string;
  /** Its components. */
  components: number;
  /** Its components with more than one local state. */
  multiState: number;
  /** Its variables. */
  variables: number;
  /** Its composite states. */
  states: number;
  /** The composite states with at least one interpretation under the scenario. */
  consistent: number;
  /** The interpretations of all composite states together, exact, as a decimal string. */
  interpretations: string;
}

/**
 * Every composite state of every built-in mechanism (or of the given ones) solved exactly
 * under each of its scenarios: a row per mechanism and scenario (what `mech run` prints).
 *
 * @param options The built-in mechanisms to solve (default: all of them, about 10 s).
 * @returns The rows, mechanisms in catalog order, scenarios in file order.
 * @throws {UnknownMechanismError} For an id no built-in mechanism has.
 * @throws {SolveError} When a solve exceeds its node limit.
 *
 * @example
 * ```ts
 * import { solveCatalog } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const rows = solveCatalog({ mechanisms: ["thermal_two_masses"] });
 * const row = rows.find((r) => r.scenario === "mass1_hotter")!;
 * assert.equal(row.consistent, 1);
 * ```
 */
export function solveCatalog(options: { mechanisms?: readonly string[] } = {}): CatalogRunRow[] {
  const all = builtinMechanismIds();
  const ids = options.mechanisms === undefined ? all : all.filter((id) => options.mechanisms!.includes(id));
  for (const id of options.mechanisms ?? []) if (!all.includes(id)) throw new UnknownMechanismError(`unknown mechanism "${id}" (expected ${oneOf(all, 40)})`);
  const rows: CatalogRunRow[] = [];
  for (const id of ids) {
    const model = builtinMechanism(id)!;
    for (const sc of summarizeScenarios(model)) {
      rows.push({
        mechanism: id, scenario: sc.id, components: model.instances.length, multiState: multiStateInstances(model).length,
        variables: model.variables.length, states: countCompositeStates(model), consistent: sc.consistent, interpretations: sc.interpretations,
      });
    }
  }
  return rows;
}

/**
 * A readable description of a mechanism (what `mech catalog show` prints): components with
 * their ports, states and laws, transitions, connections and scenarios.
 *
 * @param model A mechanism.
 * @returns The description's lines.
 *
 * @example
 * ```ts
 * import { mechanism, mechanismDescription } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const lines = mechanismDescription(mechanism("mechanics_damper"));
 * assert.ok(lines[0].startsWith("mechanics_damper"));
 * ```
 */
export function mechanismDescription(model: MechanismModel): string[] {
  return describeMechanism(model, builtinLibrary());
}

/**
 * Runs the converter checks on mechanism files (each loaded against the built-in
 * component library): the file loads, ports are connected, flows balance, laws name
 * declared variables, quantity spaces are ordered, references resolve, scenarios are
 * satisfiable and admit a consistent state, no transition is dead. A file that does not
 * load fails the `load` check (the others are skipped) rather than throwing.
 *
 * @param sources Mechanism files (see mechanismSources).
 * @returns One report per file: each check's status and findings, and the counts.
 *
 * @example
 * ```ts
 * import { checkMechanisms, mechanismSources } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const [report] = checkMechanisms(mechanismSources(["mechanics_damper"], Deno.readTextFileSync));
 * assert.equal(report.ok, true);
 * const [broken] = checkMechanisms([{ file: "broken.json", data: { id: "broken" } }]);
 * assert.equal(broken.ok, false);
 * assert.equal(broken.checks[0].status, "failed");
 * ```
 */
export function checkMechanisms(sources: readonly MechanismSource[]): MechanismReport[] {
  const library = builtinLibrary();
  return sources.map((f) => checkSource(f, library));
}
