// Timing the bounded episode graph A^{<=H}(X0): a fresh session per run (nothing memoized
// across runs), a warm-up run excluded, then K timed runs. Layer sizes are deterministic
// and checked to be equal in every run; times are measured.
import type { MechanismModel } from "../model/model.ts";
import { Session } from "../episode/session.ts";
import { reach, type ReachGraph } from "../episode/reach.ts";
import type { Episode } from "../episode/episode.ts";
import { EpisodeSpecError, matchingEpisodes, startScenario } from "../episode/initial.ts";
import { DEFAULT_EXPANSION_BUDGET } from "../episode/simulate_defaults.ts";
import { edgeRules, type EdgeRules } from "../episode/rules.ts";
import { flowingState, syntheticModel, type SyntheticSpec } from "./solve_workloads.ts";
import { summarize, timed, warmUp } from "./stats.ts";
import type { LayerSize, SimulateBenchResult } from "./schema.ts";

import { DEFAULT_SIMULATE_RUNS, WARMUP_MS } from "./defaults.ts";

export interface EpisodeWorkload {
  label: string;
  model: MechanismModel;
  scenario: string;
  initial: Episode[];
  /** How X0 was chosen, in words. */
  start?: string;
}

/** A synthetic thermal mechanism from the first episode of its flowing state (base scenario). */
export function syntheticStart(spec: SyntheticSpec): EpisodeWorkload {
  const model = syntheticModel(spec);
  const first = matchingEpisodes(model, "base", { states: flowingState(model), cells: [] }, true).next();
  if (first.done) throw new Error(`${model.id}: the flowing state has no episode`);
  return { label: `thermal ${spec.kind} ${spec.n}`, model, scenario: "base", initial: [first.value], start: "the first episode of the flowing state" };
}

/**
 * X0 as `mech simulate` takes it by default: the scenario's case (default: the start
 * case), every matching episode up to the expansion budget, else the first one.
 *
 * @throws {EpisodeSpecError} When no episode matches the scenario's case.
 */
export function caseStart(model: MechanismModel, scenario: string = startScenario(model).id): EpisodeWorkload {
  const found: Episode[] = [];
  for (const x of matchingEpisodes(model, scenario, { states: {}, cells: [] })) {
    if (found.length === DEFAULT_EXPANSION_BUDGET) {
      return { label: model.id, model, scenario, initial: found.slice(0, 1), start: `the first of more than ${DEFAULT_EXPANSION_BUDGET} episodes of the case` };
    }
    found.push(x);
  }
  if (!found.length) throw new EpisodeSpecError(`no episode of ${model.id} matches the case of scenario ${scenario}`);
  return { label: model.id, model, scenario, initial: found, start: `every episode of the case (${found.length})` };
}

/** A^{<=H}(X0) built with a fresh session, timed; the session's counters come with it. */
export function buildGraph(w: EpisodeWorkload, horizon: number, rules: EdgeRules = edgeRules()): { ms: number; graph: ReachGraph; session: Session } {
  const session = new Session(w.model, w.scenario, { rules });
  const { ms, value: graph } = timed(() => reach(session, w.initial, horizon));
  return { ms, graph, session };
}

export interface SimulateBenchOptions {
  runs?: number;
  rules?: EdgeRules;
  onRun?: (run: number, runs: number) => void;
}

const layerSizes = (g: ReachGraph): LayerSize[] => g.layers.map((l) => ({ depth: l.depth, episodes: l.episodes.length, edges: l.edges.length }));

export function benchSimulate(w: EpisodeWorkload, horizon: number, options: SimulateBenchOptions = {}): SimulateBenchResult {
  const runs = options.runs ?? DEFAULT_SIMULATE_RUNS;
  if (!(Number.isInteger(runs) && runs >= 1)) throw new RangeError(`runs must be a positive integer, got ${runs}`);
  const rules = options.rules ?? edgeRules();
  options.onRun?.(0, runs);
  let warm = buildGraph(w, horizon, rules);
  const warmupRuns = 1 + (warm.ms < WARMUP_MS ? warmUp(() => void (warm = buildGraph(w, horizon, rules)), WARMUP_MS - warm.ms) : 0);
  const layers = layerSizes(warm.graph);
  const shape = JSON.stringify(layers);
  const ms: number[] = [];
  for (let r = 1; r <= runs; r++) {
    options.onRun?.(r, runs);
    const b = buildGraph(w, horizon, rules);
    if (JSON.stringify(layerSizes(b.graph)) !== shape) throw new Error(`${w.label}: run ${r} built a graph of other layer sizes than the warm-up run`);
    ms.push(b.ms);
  }
  const time = summarize(ms);
  const episodes = warm.graph.episodes.length;
  const edges = warm.graph.edges.length;
  return {
    label: w.label,
    mechanism: w.model.id,
    scenario: warm.session.scenario.id,
    rules: warm.session.rules.name,
    horizon,
    start: w.start ?? "given",
    initial: w.initial.length,
    warmupRuns,
    time,
    layers,
    episodes,
    edges,
    solves: warm.session.stats.solves,
    episodesPerSecond: (episodes * 1000) / time.medianMs,
    edgesPerSecond: (edges * 1000) / time.medianMs,
  };
}
