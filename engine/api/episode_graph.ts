// The episode graph for scripts: the bounded graph A^{<=H} from a scenario's initial
// episodes, and the verdict on one candidate edge, both as values in the machine format
// `mech simulate --json` and `mech explain-edge --json` print.
import type { MechanismModel } from "../model/model.ts";
import { Session } from "../episode/session.ts";
import { reach } from "../episode/reach.ts";
import { EpisodeSpecError, parseEpisodeSpec, startScenario } from "../episode/initial.ts";
import { edgeVerdicts, overrideEpisode, sourceEpisode } from "../episode/edge_query.ts";
import { episodeKey } from "../episode/episode.ts";
import { explanationJson, explanationText, graphDot, graphJson, graphTextHead, graphTextTail, layerRow } from "../episode/render.ts";
import type { EdgeExplanationJson, GraphJson } from "../episode/graph_json.ts";
import { DEFAULT_EXPANSION_BUDGET, DEFAULT_HORIZON } from "../episode/simulate_defaults.ts";
import type { Deviation, RuleProfile } from "../episode/rule_names.ts";
import { edgeRules } from "../episode/rules.ts";
import { type SimulateOptionNames, simulateNotes, simulateStart } from "../episode/simulate_start.ts";
import { type EdgeCountRow, edgeCounts } from "../episode/edge_counts.ts";

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
  /**
   * Start from every matching episode, refusing more than this many. Absent (and without
   * `first`): every match up to 250, else the first one, with a note in `start.notes`.
   */
  maxInitial?: number;
  /** The horizon H (default 3, each layer computed only while the graph holds at most 250 episodes; `stopped` says where it stopped). */
  horizon?: number;
  /** Called once the initial episodes are chosen, before any layer is computed. */
  onStart?: (start: SimulateStart) => void;
  /** Called as soon as a layer is complete (R_0 first). */
  onLayer?: (layer: SimulateLayer) => void;
  /** Called after each source episode of the layer being computed is expanded. */
  onProgress?: (progress: SimulateProgress) => void;
  /** How notes and error messages name these options (default: their names here; `mech simulate` names its flags). */
  optionNames?: Partial<SimulateOptionNames>;
}

/** The start of a simulation: what `mech simulate` prints before the first layer. */
export interface SimulateStart {
  /** The scenario's id. */
  scenario: string;
  /** The edge rules' name. */
  rules: string;
  /** The horizon followed. */
  horizon: number;
  /** |X0|: the distinct initial episodes. */
  initial: number;
  /** Notes on the start (more episodes matched than a default run takes). */
  notes: string[];
  /** The text's opening: the line naming mechanism, scenario, rules, horizon and |X0|, the notes, the layer table's header. */
  text(): string[];
}

/** A complete layer R_d of the graph. */
export interface SimulateLayer {
  /** d. */
  depth: number;
  /** |R_d|: episodes reached after exactly d edges. */
  episodes: number;
  /** |A^(d)|: edges whose source is in R_(d-1). */
  edges: number;
  /** The layer's row of the text's layer table. */
  text: string;
}

/** Progress while a layer is computed. */
export interface SimulateProgress {
  /** The layer's depth. */
  depth: number;
  /** Source episodes expanded so far. */
  done: number;
  /** Source episodes to expand (|R_(d-1)|). */
  total: number;
}

/** A bounded episode graph and its renderings. */
export interface EpisodeGraph {
  /** The graph in the machine format of `mech simulate --json` (everything by name). */
  json: GraphJson;
  /** Set when the default horizon stopped early: the depth not computed and the episodes held then. */
  stopped: { depth: number; episodes: number } | null;
  /** The start: scenario, rules, horizon, |X0| and its notes. */
  start: SimulateStart;
  /** Notes on a large graph: where the default horizon stopped, or a layer larger than a default run expands. */
  notes: string[];
  /** The graph as the text `mech simulate` prints after its layer table (episodes and edges, up to `limit` each). */
  text(limit?: number): string[];
  /** The graph in Graphviz's DOT language. */
  dot(): string[];
}

/**
 * The bounded episode graph A^{<=H} of a mechanism under a scenario: the layers R_0 … R_H,
 * the episodes and the edges with their causes. It starts as `mech simulate` does: with
 * `first`, from the first matching episode; with `maxInitial`, from every match, refusing
 * more; by default from every match up to 250, else from the first (a note in
 * `start.notes` says so). Without `horizon`, a layer is computed only while the graph
 * holds at most 250 episodes (`stopped` and `notes` say where it stopped).
 *
 * @param model A mechanism (see mechanism and parseMechanism).
 * @param options Scenario, start, horizon, edge rules, and callbacks as the graph grows.
 * @returns The graph as a value.
 * @throws {EpisodeSpecError} When `initial` is malformed or matches nothing, or more episodes than `maxInitial` match.
 * @throws {CompileError} For an unknown scenario.
 * @throws {SessionLimitError} When one episode has more candidate targets than a session enumerates.
 * @throws {ReachLimitError} When the graph exceeds 1,000,000 episodes.
 * @throws {RangeError} For a horizon or maxInitial that is not a whole number in range.
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
 *
 * @example Print the text as it grows, as `mech simulate` does
 * ```ts
 * import { mechanism, simulate } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const lines: string[] = [];
 * const g = simulate(mechanism("thermal_two_masses"), {
 *   onStart: (start) => lines.push(...start.text()),
 *   onLayer: (layer) => lines.push(layer.text),
 * });
 * lines.push(...g.notes, ...g.text());
 * assert.equal(g.start.scenario, "mass1_hotter"); // the start case
 * console.log(lines.join("\n"));
 * ```
 */
export function simulate(model: MechanismModel, options: SimulateOptions = {}): EpisodeGraph {
  const horizon = options.horizon ?? DEFAULT_HORIZON;
  if (!Number.isInteger(horizon) || horizon < 0) throw new RangeError(`horizon: expected a whole number from 0, got ${horizon}`);
  if (options.maxInitial !== undefined && !(Number.isInteger(options.maxInitial) && options.maxInitial >= 1)) {
    throw new RangeError(`maxInitial: expected a positive whole number, got ${options.maxInitial}`);
  }
  const names: SimulateOptionNames = { initial: "initial", maxInitial: "maxInitial", first: "first", horizon: "horizon", ...options.optionNames };
  const session = new Session(model, options.scenario ?? startScenario(model).id, { rules: edgeRules(options.rules, options.revert ?? []) });
  const scenario = session.scenario.id;
  const rules = session.rules.name;
  let spec;
  try {
    spec = parseEpisodeSpec(model, options.initial ?? "");
  } catch (e) {
    if (e instanceof EpisodeSpecError) throw new EpisodeSpecError(`${names.initial}: ${e.message}`);
    throw e;
  }
  const request = { first: options.first ?? false, maxInitial: options.maxInitial, initialGiven: options.initial !== undefined };
  const { x0, notes: startNotes } = simulateStart(model, scenario, spec, request, names);
  const initial = new Set(x0.map((x) => episodeKey(model, x))).size;
  const start: SimulateStart = {
    scenario,
    rules,
    horizon,
    initial,
    notes: startNotes,
    text: () =>
      graphTextHead(
        model,
        options.scenario === undefined ? `${scenario} (default: the start case)` : scenario,
        rules,
        options.horizon === undefined ? `${horizon} (default)` : horizon,
        initial,
        startNotes,
      ),
  };
  options.onStart?.(start);
  const graph = reach(session, x0, horizon, {
    expansionBudget: options.horizon === undefined ? DEFAULT_EXPANSION_BUDGET : undefined,
    onSource: options.onProgress && ((done, total, depth) => options.onProgress!({ depth, done, total })),
    onLayer: options.onLayer && ((l) => options.onLayer!({ depth: l.depth, episodes: l.episodes.length, edges: l.edges.length, text: layerRow(l) })),
  });
  const reached = graph.layers.length - 1;
  return {
    json: graphJson(model, scenario, rules, reached, graph),
    stopped: graph.stopped ?? null,
    start,
    notes: simulateNotes(graph, horizon, names),
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
  /** How error messages name these options (default: their names here; `mech explain-edge` names its flags). */
  optionNames?: Partial<ExplainEdgeOptionNames>;
}

/** How explainEdge's messages name its options. */
export interface ExplainEdgeOptionNames {
  /** The source's spec ("--from"). */
  from: string;
  /** The target's changes ("--to"). */
  to: string;
  /** Take the first matching source ("--first"). */
  first: string;
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
 * @throws {EpisodeSpecError} When `from` matches no episode or several (without `first`), or `to` is malformed (the message starts with the option's name).
 * @throws {CompileError} For an unknown scenario.
 * @throws {SessionLimitError} When the source has more candidate targets than a session enumerates.
 * @throws {TypeError} When `from` or `to` is not a string.
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
  const names: ExplainEdgeOptionNames = { from: "from", to: "to", first: "first", ...options.optionNames };
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
  const fromSpec = at(names.from, () => parseEpisodeSpec(model, options.from));
  const toSpec = at(names.to, () => parseEpisodeSpec(model, options.to));
  const { x, inCase } = at(names.from, () => sourceEpisode(model, scenario, fromSpec, options.first ?? false, session.contextOnly, names.first));
  const y = at(names.to, () => overrideEpisode(model, x, toSpec));
  const { verdicts, unchecked } = edgeVerdicts(session, x, y);
  const explanation = { model, scenario, rules: session.rules.name, source: x, target: y, verdicts, unchecked, sourceInCase: inCase };
  const json = explanationJson(explanation);
  return { json, admitted: json.distinct && json.admitted, text: explanationText(explanation) };
}

/** What catalogEdges counts. */
export interface CatalogEdgesOptions extends RuleOptions {
  /** Count at horizons 1 to this (default 3). */
  horizon?: number;
}

/** The edge counts of several mechanisms (what `mech catalog edges --json` prints). */
export interface CatalogEdges {
  /** The edge rules' name. */
  rules: string;
  /** The deepest horizon counted. */
  horizon: number;
  /** Per mechanism: its scenarios with case restrictions and |A^{<=H}| for H = 1..horizon, summed over them. */
  mechanisms: EdgeCountRow[];
  /** Per horizon, the sum over the mechanisms. */
  totals: number[];
}

/**
 * |A^{<=H}| for H = 1..horizon from the first initial episode of every scenario with case
 * restrictions, per mechanism, under an edge-rule profile: the measure by which
 * docs/semantics.md §13.10 compares readings.
 *
 * @param models The mechanisms (an iterable: each is taken when its turn comes).
 * @param options The horizon and the edge rules.
 * @returns The counts per mechanism and their totals.
 * @throws {EpisodeSpecError} When a scenario's case has no episode (naming mechanism and scenario).
 *
 * @example Compare the two rule profiles
 * ```ts
 * import { catalogEdges, mechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const models = [mechanism("mechanics_damper")];
 * const sound = catalogEdges(models, { horizon: 2 });
 * const paper = catalogEdges(models, { horizon: 2, rules: "paper" });
 * assert.equal(sound.totals.length, 2);
 * console.log(sound.totals, paper.totals);
 * ```
 */
export function catalogEdges(models: Iterable<MechanismModel>, options: CatalogEdgesOptions = {}): CatalogEdges {
  const horizon = options.horizon ?? DEFAULT_HORIZON;
  if (!Number.isInteger(horizon) || horizon < 1) throw new RangeError(`horizon: expected a whole number from 1, got ${horizon}`);
  const rules = edgeRules(options.rules, options.revert ?? []);
  const mechanisms: EdgeCountRow[] = [];
  for (const model of models) mechanisms.push(edgeCounts(model, horizon, rules));
  const totals = Array.from({ length: horizon }, (_, d) => mechanisms.reduce((k, r) => k + r.edges[d], 0));
  return { rules: rules.name, horizon, mechanisms, totals };
}
