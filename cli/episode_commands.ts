// `mech simulate` (the bounded episode graph A^{<=H} from a scenario's initial episodes)
// and `mech explain-edge` (why a candidate edge is admitted, or which clause rejects it).
import type { MechanismModel } from "../engine/model/model.ts";
import { Session, SessionLimitError } from "../engine/episode/session.ts";
import { reach, type ReachGraph, ReachLimitError } from "../engine/episode/reach.ts";
import { type EpisodeSpec, EpisodeSpecError, initialEpisodes, matchingEpisodes, parseEpisodeSpec, startScenario } from "../engine/episode/initial.ts";
import { edgeVerdicts, overrideEpisode, sourceEpisode } from "../engine/episode/edge_query.ts";
import { type Episode, episodeKey } from "../engine/episode/episode.ts";
import { type EdgeExplanation, explanationJson, explanationText, graphDot, graphJson, graphTextHead, graphTextTail, layerRow } from "../engine/episode/render.ts";
import { DEFAULT_EXPANSION_BUDGET, DEFAULT_HORIZON } from "../engine/episode/simulate_defaults.ts";
import { progress } from "./progress.ts";
import { resolveMechanism } from "./commands.ts";
import { type Deviation, type RuleProfile } from "../engine/episode/rule_names.ts";
import { edgeRules } from "../engine/episode/rules.ts";
import { builtinMechanismIds } from "../catalog/mod.ts";
import { InputError, type Io } from "./io.ts";

import { MAX_HORIZON } from "./defaults.ts";

export type SimulateFormat = "text" | "json" | "dot";

export interface SimulateArgs {
  mechanism: string;
  /** Absent: the mechanism's start case (startScenario). */
  scenario?: string;
  initial?: string;
  first: boolean;
  /** Absent: up to DEFAULT_EXPANSION_BUDGET initial episodes, else the first one (never refused). */
  maxInitial?: number;
  /** Absent: DEFAULT_HORIZON, each layer computed only while the graph holds at most DEFAULT_EXPANSION_BUDGET episodes. */
  horizon?: number;
  format?: SimulateFormat;
  json: boolean;
  limit: number;
  rules?: RuleProfile;
  revert?: readonly Deviation[];
}

/** The session's edge rules from --rules and --revert. */
const rulesOf = (args: { rules?: RuleProfile; revert?: readonly Deviation[] }) => edgeRules(args.rules, args.revert ?? []);

/** Runs fn, turning the episode engine's input and limit errors into InputError (exit 2, no stack trace). */
function reported<T>(what: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof EpisodeSpecError) throw new InputError(`${what}: ${e.message}`);
    if (e instanceof SessionLimitError || e instanceof ReachLimitError) throw new InputError(e.message);
    throw e;
  }
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * X0 for `mech simulate`: with --first the first matching episode; with --max-initial N
 * every match, refused beyond N; by default every match up to the expansion budget,
 * else the first one, with a note saying how to take more or narrow the start.
 */
function simulateStart(model: MechanismModel, scenario: string, spec: EpisodeSpec, args: SimulateArgs, notes: string[]): Episode[] {
  const what = args.initial === undefined ? "initial episodes" : "--initial";
  if (args.first || args.maxInitial !== undefined) {
    return reported(what, () => {
      try {
        return initialEpisodes(model, scenario, spec, args.maxInitial ?? 1, args.first);
      } catch (e) {
        if (e instanceof EpisodeSpecError && e.message.startsWith("more than")) {
          throw new EpisodeSpecError(`${e.message} (--initial SPEC, --max-initial N, --first)`);
        }
        throw e;
      }
    });
  }
  const found: Episode[] = [];
  for (const x of matchingEpisodes(model, scenario, spec)) {
    if (found.length === DEFAULT_EXPANSION_BUDGET) {
      notes.push(
        `note: more than ${count(DEFAULT_EXPANSION_BUDGET)} episodes match the ${args.initial === undefined ? "scenario's case" : "scenario's case and --initial"}; ` +
          `starting from the first (as --first does). Narrow the start with --initial NAME=VALUE…, or take every match with --max-initial N`,
      );
      return found.slice(0, 1);
    }
    found.push(x);
  }
  if (!found.length) throw new InputError(`${what}: no episode of ${model.id} matches the initial spec under this scenario`);
  return found;
}

/**
 * `mech simulate`: R_0 … R_H and A^{<=H} as text, JSON or Graphviz. The text streams: the
 * header first, each layer's row as soon as the layer is complete (a progress bar on a
 * terminal while it is computed), then the rest. Without --horizon the graph is followed
 * to DEFAULT_HORIZON while it holds at most DEFAULT_EXPANSION_BUDGET episodes.
 */
export function simulateCommand(args: SimulateArgs, io: Io): void {
  if (args.json && args.format !== undefined && args.format !== "json") throw new InputError(`--json conflicts with --format ${args.format}`);
  const horizon = args.horizon ?? DEFAULT_HORIZON;
  if (!Number.isInteger(horizon) || horizon < 0 || horizon > MAX_HORIZON) {
    throw new InputError(`--horizon must be an integer from 0 to ${MAX_HORIZON}, got ${horizon}`);
  }
  const format: SimulateFormat = args.json ? "json" : args.format ?? "text";
  const model = resolveMechanism(args.mechanism, io);
  const session = new Session(model, args.scenario ?? startScenario(model).id, { rules: rulesOf(args) });
  const scenario = session.scenario.id;
  const rules = session.rules.name;
  const spec = reported("--initial", () => parseEpisodeSpec(model, args.initial ?? ""));
  // notes go with the text, or to stderr beside a machine format
  const notes: string[] = [];
  const x0 = simulateStart(model, scenario, spec, args, notes);
  const text = format === "text";
  const note = (l: string) => (text ? io.out(l) : io.err(l));
  if (text) {
    const head = graphTextHead(
      model,
      args.scenario === undefined ? `${scenario} (default: the start case)` : scenario,
      rules,
      args.horizon === undefined ? `${horizon} (default)` : horizon,
      new Set(x0.map((x) => episodeKey(model, x))).size,
      notes,
    );
    for (const l of head) io.out(l);
  } else for (const l of notes) io.err(l);
  // a progress bar on a terminal while a layer is computed, redrawn at most ten times a second
  let bar: ReturnType<typeof progress> | null = null, drawn = 0;
  const graph = reported("simulate", () =>
    reach(session, x0, horizon, {
      expansionBudget: args.horizon === undefined ? DEFAULT_EXPANSION_BUDGET : undefined,
      onSource: io.status
        ? (done, total, depth) => {
          const now = Date.now();
          if (done < total && now - drawn < 100) return;
          drawn = now;
          (bar ??= progress(io, `depth ${depth}`, total)).update(done, `sources expanded`);
        }
        : undefined,
      onLayer: (layer) => {
        if (bar) bar.finish(), bar = null;
        if (text) io.out(layerRow(layer));
      },
    })
  );
  for (const l of simulateNotes(graph, horizon)) note(l);
  const reached = graph.layers.length - 1;
  if (format === "json") io.out(JSON.stringify(graphJson(model, scenario, rules, reached, graph)));
  else if (format === "dot") for (const l of graphDot(model, scenario, rules, reached, graph)) io.out(l);
  else for (const l of graphTextTail(model, graph, { limit: args.limit })) io.out(l);
}

/**
 * What a large graph says after its layers: where the default horizon stopped, or that
 * a layer holds more episodes than a default run expands; with the flags that go on or
 * narrow (--first only when more than one episode starts).
 */
function simulateNotes(graph: ReachGraph, horizon: number): string[] {
  const narrow = graph.layers[0].episodes.length > 1 ? "narrow the start with --initial NAME=VALUE… or --first" : "";
  if (graph.stopped) {
    const { depth, episodes } = graph.stopped;
    return [
      `note: stopped before depth ${depth} of the default ${horizon}: the graph holds ${count(episodes)} episodes, more than the ${count(DEFAULT_EXPANSION_BUDGET)} a default run expands. ` +
        `Go deeper with --horizon ${depth}${depth < horizon ? ` (or ${horizon})` : ""}${narrow && `; ${narrow}`}`,
    ];
  }
  const largest = graph.layers.reduce((a, l) => (l.episodes.length > a.episodes.length ? l : a));
  if (largest.episodes.length <= DEFAULT_EXPANSION_BUDGET) return [];
  return [`note: R_${largest.depth} holds ${count(largest.episodes.length)} episodes; fewer with a lower --horizon${narrow && `, or ${narrow}`}`];
}

export interface ExplainEdgeArgs {
  mechanism: string;
  scenario?: string;
  from: string;
  first: boolean;
  to: string;
  json: boolean;
  rules?: RuleProfile;
  revert?: readonly Deviation[];
}

/**
 * `mech explain-edge`: the verdict of every cause of the source on the candidate edge.
 * Returns the exit code: 0 when some cause admits the edge, 1 when none does.
 */
export function explainEdgeCommand(args: ExplainEdgeArgs, io: Io): number {
  const model = resolveMechanism(args.mechanism, io);
  const session = new Session(model, args.scenario ?? startScenario(model).id, { rules: rulesOf(args) });
  const scenario = session.scenario.id;
  const fromSpec = reported("--from", () => parseEpisodeSpec(model, args.from));
  const toSpec = reported("--to", () => parseEpisodeSpec(model, args.to));
  const { x, inCase } = reported("--from", () => sourceEpisode(model, scenario, fromSpec, args.first, session.contextOnly));
  const y = reported("--to", () => overrideEpisode(model, x, toSpec));
  const { verdicts: vs, unchecked } = reported("explain-edge", () => edgeVerdicts(session, x, y));
  const explanation: EdgeExplanation = { model, scenario, rules: session.rules.name, source: x, target: y, verdicts: vs, unchecked, sourceInCase: inCase };
  const j = explanationJson(explanation);
  const admitted = j.distinct && j.admitted;
  if (args.json) {
    io.out(JSON.stringify(j));
    return admitted ? 0 : 1;
  }
  const lines = explanationText(explanation);
  for (const l of lines) io.out(l);
  return admitted ? 0 : 1;
}

export interface CatalogEdgesArgs {
  mechanisms: readonly string[];
  horizon: number;
  json: boolean;
  rules?: RuleProfile;
  revert?: readonly Deviation[];
}

/**
 * `mech catalog edges`: |A^{<=H}| for H = 1..horizon from the first initial episode of every
 * scenario with case restrictions, per mechanism, under the given edge rules: the
 * measure docs/semantics.md §13.10 uses to compare readings.
 */
export function catalogEdgesCommand(args: CatalogEdgesArgs, io: Io): number {
  const ids = args.mechanisms.length ? args.mechanisms : builtinMechanismIds();
  const rules = rulesOf(args);
  const rows: { mechanism: string; scenarios: number; edges: number[] }[] = [];
  for (const id of ids) {
    const model = resolveMechanism(id, io);
    const edges = Array.from({ length: args.horizon }, () => 0);
    const cased = model.scenarios.filter((sc) => sc.restrict.length > 0);
    for (const sc of cased) {
      const session = new Session(model, sc.id, { rules });
      const x0 = reported(`${model.id} scenario ${sc.id}`, () => initialEpisodes(model, sc.id, { states: {}, cells: [] }, 1, true));
      const graph = reported(`${model.id} scenario ${sc.id}`, () => reach(session, x0, args.horizon));
      // A^{<=H} grows with H: edges whose source lies in R_0..R_{H-1}
      const seen = new Set<number>();
      graph.layers.slice(1).forEach((layer, d) => {
        layer.edges.forEach((e) => seen.add(e));
        edges[d] += seen.size;
      });
    }
    rows.push({ mechanism: model.id, scenarios: cased.length, edges });
  }
  const totals = Array.from({ length: args.horizon }, (_, d) => rows.reduce((k, r) => k + r.edges[d], 0));
  if (args.json) {
    io.out(JSON.stringify({ rules: rules.name, horizon: args.horizon, mechanisms: rows, totals }));
    return 0;
  }
  io.out(`edge rules: ${rules.name}`);
  io.out(`| mechanism | scenarios | ${totals.map((_, d) => `H=${d + 1}`).join(" | ")} |`);
  io.out(`|---|---|${totals.map(() => "---|").join("")}`);
  for (const r of rows) io.out(`| ${r.mechanism} | ${r.scenarios} | ${r.edges.join(" | ")} |`);
  io.out(`| total | ${rows.reduce((k, r) => k + r.scenarios, 0)} | ${totals.join(" | ")} |`);
  return 0;
}
