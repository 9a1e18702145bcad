// The episode graph for scripts: the bounded graph A^{<=H} from a scenario's initial
// episodes, and the verdict on one candidate edge, both as values in the machine format
// `mech simulate --json` and `mech explain-edge --json` print.
import type { MechanismModel } from "../model/model.ts";
import { Session } from "../episode/session.ts";
import { reach } from "../episode/reach.ts";
import { EpisodeSpecError, initialEpisodes, parseEpisodeSpec, startScenario } from "../episode/initial.ts";
import { edgeVerdicts, overrideEpisode, sourceEpisode } from "../episode/edge_query.ts";
import { explanationJson, explanationText, graphDot, graphJson, graphTextTail } from "../episode/render.ts";
import type { EdgeExplanationJson, GraphJson } from "../episode/graph_json.ts";
import { DEFAULT_EXPANSION_BUDGET, DEFAULT_HORIZON } from "../episode/simulate_defaults.ts";
import type { Deviation, RuleProfile } from "../episode/rule_names.ts";
import { edgeRules } from "../episode/rules.ts";

/** Which edge rules a graph is built under. */
export interface RuleOptions {
  /** The edge-rule profile: "sound" (default) or "paper" (docs/semantics.md §13.10). */
  rules?: RuleProfile;
  /** Readings of the profile to take back, one by one. */
  revert?: readonly Deviation[];
}

/** What simulate builds. */
export interface SimulateOptions extends RuleOptions {
  /** The scenario (default: the mechanism's start case, its first scenario with case restrictions). */
  scenario?: string;
  /** Where to start: NAME=VALUE items (a component's state, a variable's cell or cells joined by "|"). */
  initial?: string;
  /** Start from the first matching episode only. */
  first?: boolean;
  /** Refuse to start from more than this many episodes (default 250). */
  maxInitial?: number;
  /** The horizon H (default 3, followed while the graph holds at most 250 episodes). */
  horizon?: number;
}

/** A bounded episode graph and its renderings. */
export interface EpisodeGraph {
  /** The graph in the machine format of `mech simulate --json` (everything by name). */
  json: GraphJson;
  /** Set when the default horizon stopped early: the depth not computed and the episodes held then. */
  stopped: { depth: number; episodes: number } | null;
  /** The graph as the text `mech simulate` prints after its layer table (episodes and edges, up to `limit` each). */
  text(limit?: number): string[];
  /** The graph in Graphviz's DOT language. */
  dot(): string[];
}

/**
 * The bounded episode graph A^{<=H} of a mechanism under a scenario: the layers R_0 … R_H,
 * the episodes and the edges with their causes.
 *
 * @param model A mechanism (see mechanism and parseMechanism).
 * @param options Scenario, start, horizon and edge rules.
 * @returns The graph as a value.
 * @throws {EpisodeSpecError} When `initial` is malformed or matches nothing, or more episodes than `maxInitial` match.
 * @throws {CompileError} For an unknown scenario.
 *
 * @example Simulate two steps under both rule profiles
 * ```ts
 * import { mechanism, simulate } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const model = mechanism("mechanics_damper");
 * const sound = simulate(model, { horizon: 2, first: true });
 * const paper = simulate(model, { horizon: 2, first: true, rules: "paper" });
 * assert.equal(sound.json.rules, "sound");
 * assert.equal(paper.json.rules, "paper");
 * console.log(sound.json.edges.length, "edges;", sound.text(5).join("\n"));
 * ```
 */
export function simulate(model: MechanismModel, options: SimulateOptions = {}): EpisodeGraph {
  const horizon = options.horizon ?? DEFAULT_HORIZON;
  if (!Number.isInteger(horizon) || horizon < 0) throw new RangeError(`horizon: expected a whole number from 0, got ${horizon}`);
  const maxInitial = options.maxInitial ?? DEFAULT_EXPANSION_BUDGET;
  if (!Number.isInteger(maxInitial) || maxInitial < 1) throw new RangeError(`maxInitial: expected a positive whole number, got ${maxInitial}`);
  const session = new Session(model, options.scenario ?? startScenario(model).id, { rules: edgeRules(options.rules, options.revert ?? []) });
  const scenario = session.scenario.id;
  const x0 = initialEpisodes(model, scenario, parseEpisodeSpec(model, options.initial ?? ""), maxInitial, options.first ?? false);
  const graph = reach(session, x0, horizon, { expansionBudget: options.horizon === undefined ? DEFAULT_EXPANSION_BUDGET : undefined });
  const reached = graph.layers.length - 1;
  const rules = session.rules.name;
  return {
    json: graphJson(model, scenario, rules, reached, graph),
    stopped: graph.stopped ?? null,
    text: (limit = 20) => graphTextTail(model, graph, { limit }),
    dot: () => graphDot(model, scenario, rules, reached, graph),
  };
}

/** Which edge explainEdge judges. */
export interface ExplainEdgeOptions extends RuleOptions {
  /** The scenario (default: the start case). */
  scenario?: string;
  /** The source episode: NAME=VALUE items that single out one episode (of the case, else of the context). */
  from: string;
  /** Take the first episode `from` matches instead of refusing an ambiguous one. */
  first?: boolean;
  /** The target: the source with these NAME=VALUE items changed (states, single cells). */
  to: string;
}

/** An edge's verdict: the machine form, its text, and whether some cause admits it. */
export interface EdgeExplanationResult {
  /** As `mech explain-edge --json` prints it: every cause's clauses (E1–E8) with their facts. */
  json: EdgeExplanationJson;
  /** True when the candidate differs from the source and some cause admits it. */
  admitted: boolean;
  /** The explanation as `mech explain-edge` prints it. */
  text: string[];
}

/**
 * Why a candidate edge is admitted, or which clause (E1–E8, the cause, the declarations)
 * rejects it under each cause of the source that matters.
 *
 * @param model A mechanism.
 * @param options The source, the target, the scenario and the edge rules.
 * @returns The verdicts as JSON and text.
 * @throws {EpisodeSpecError} When `from` matches no episode or several (without `first`), or `to` is malformed.
 *
 * @example Ask why an edge is rejected
 * ```ts
 * import { explainEdge, mechanism, simulate } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const model = mechanism("mechanics_damper");
 * const g = simulate(model, { horizon: 1, first: true });
 * const [x] = g.json.episodes;
 * const from = g.json.variables.map((v, i) => `${v}=${x.cells[i]}`).join(" ");
 * // the source with its first variable moved to another cell: admitted or not, the clauses say why
 * const v = g.json.variables[0];
 * const other = model.variables[0].cells.find((c) => c !== x.cells[0])!;
 * const r = explainEdge(model, { from, first: true, to: `${v}=${other}` });
 * assert.equal(typeof r.admitted, "boolean");
 * console.log(r.text.join("\n"));
 * ```
 */
export function explainEdge(model: MechanismModel, options: ExplainEdgeOptions): EdgeExplanationResult {
  if (typeof options?.from !== "string") throw new TypeError("from: expected the source episode as NAME=VALUE items");
  if (typeof options.to !== "string") throw new TypeError("to: expected the target's changes as NAME=VALUE items");
  const session = new Session(model, options.scenario ?? startScenario(model).id, { rules: edgeRules(options.rules, options.revert ?? []) });
  const scenario = session.scenario.id;
  const at = <T>(what: string, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      if (e instanceof EpisodeSpecError) throw new EpisodeSpecError(`${what}: ${e.message}`);
      throw e;
    }
  };
  const { x, inCase } = at("from", () => sourceEpisode(model, scenario, parseEpisodeSpec(model, options.from), options.first ?? false, session.contextOnly));
  const y = at("to", () => overrideEpisode(model, x, parseEpisodeSpec(model, options.to)));
  const { verdicts, unchecked } = edgeVerdicts(session, x, y);
  const explanation = { model, scenario, rules: session.rules.name, source: x, target: y, verdicts, unchecked, sourceInCase: inCase };
  const json = explanationJson(explanation);
  return { json, admitted: json.distinct && json.admitted, text: explanationText(explanation) };
}
