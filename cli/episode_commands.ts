// `mech simulate` (the bounded episode graph A^{<=H} from a scenario's initial episodes)
// and `mech explain-edge` (why a candidate edge is admitted, or which clause rejects it).
import {
  catalogEdges,
  DEFAULT_HORIZON,
  type Deviation,
  EpisodeSpecError,
  explainEdge,
  mechanismIds,
  ReachLimitError,
  type RuleProfile,
  SessionLimitError,
  simulate,
  type SimulateOptionNames,
} from "../engine/api/solver.ts";
import { progress } from "./progress.ts";
import { resolveMechanism } from "./commands.ts";
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

/** How the messages of `mech simulate` name its flags. */
const SIMULATE_FLAGS: SimulateOptionNames = { initial: "--initial", maxInitial: "--max-initial", first: "--first", horizon: "--horizon" };

/** Runs fn, turning the episode engine's input and limit errors into InputError (exit 2, no stack trace). */
function reported<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof EpisodeSpecError || e instanceof SessionLimitError || e instanceof ReachLimitError) throw new InputError(e.message);
    throw e;
  }
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
  const text = format === "text";
  // a progress bar on a terminal while a layer is computed, redrawn at most ten times a second
  let bar: ReturnType<typeof progress> | null = null, drawn = 0;
  const graph = reported(() =>
    simulate(model, {
      scenario: args.scenario,
      rules: args.rules,
      revert: args.revert,
      initial: args.initial,
      first: args.first,
      maxInitial: args.maxInitial,
      horizon: args.horizon,
      optionNames: SIMULATE_FLAGS,
      // notes go with the text, or to stderr beside a machine format
      onStart: (start) => {
        if (text) for (const l of start.text()) io.out(l);
        else for (const l of start.notes) io.err(l);
      },
      onProgress: io.status
        ? ({ done, total, depth }) => {
          const now = Date.now();
          if (done < total && now - drawn < 100) return;
          drawn = now;
          (bar ??= progress(io, `depth ${depth}`, total)).update(done, `sources expanded`);
        }
        : undefined,
      onLayer: (layer) => {
        if (bar) bar.finish(), bar = null;
        if (text) io.out(layer.text);
      },
    })
  );
  for (const l of graph.notes) (text ? io.out(l) : io.err(l));
  if (format === "json") io.out(JSON.stringify(graph.json));
  else if (format === "dot") for (const l of graph.dot()) io.out(l);
  else for (const l of graph.text(args.limit)) io.out(l);
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
  const r = reported(() =>
    explainEdge(model, {
      scenario: args.scenario,
      rules: args.rules,
      revert: args.revert,
      from: args.from,
      first: args.first,
      to: args.to,
      optionNames: { from: "--from", to: "--to", first: "--first" },
    })
  );
  if (args.json) io.out(JSON.stringify(r.json));
  else for (const l of r.text) io.out(l);
  return r.admitted ? 0 : 1;
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
  const ids = args.mechanisms.length ? args.mechanisms : mechanismIds();
  // each mechanism is read when its turn comes, as its counts are
  const models = function* () {
    for (const id of ids) yield resolveMechanism(id, io);
  };
  const r = reported(() => catalogEdges(models(), { horizon: args.horizon, rules: args.rules, revert: args.revert }));
  if (args.json) {
    io.out(JSON.stringify(r));
    return 0;
  }
  io.out(`edge rules: ${r.rules}`);
  io.out(`| mechanism | scenarios | ${r.totals.map((_, d) => `H=${d + 1}`).join(" | ")} |`);
  io.out(`|---|---|${r.totals.map(() => "---|").join("")}`);
  for (const m of r.mechanisms) io.out(`| ${m.mechanism} | ${m.scenarios} | ${m.edges.join(" | ")} |`);
  io.out(`| total | ${r.mechanisms.reduce((k, m) => k + m.scenarios, 0)} | ${r.totals.join(" | ")} |`);
  return 0;
}
