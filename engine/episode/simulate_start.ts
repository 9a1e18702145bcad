// Where a simulation starts (X0) and what it says about a large graph: one rule for
// `mech simulate` and the library's simulate. Their messages differ only in how they
// name the options (flags or option names), which the caller supplies.
import type { MechanismModel } from "../model/model.ts";
import { type EpisodeSpec, EpisodeSpecError, initialEpisodes, matchingEpisodes } from "./initial.ts";
import type { Episode } from "./episode.ts";
import type { ReachGraph } from "./reach.ts";
import { DEFAULT_EXPANSION_BUDGET } from "./simulate_defaults.ts";

/** How the messages of a simulation name its options (`mech simulate` names its flags). */
export interface SimulateOptionNames {
  /** The episode spec restricting the start ("--initial"). */
  initial: string;
  /** The limit on initial episodes ("--max-initial"). */
  maxInitial: string;
  /** Start from the first matching episode ("--first"). */
  first: string;
  /** The horizon ("--horizon"). */
  horizon: string;
}

/** How the start was asked for. */
export interface StartRequest {
  /** Start from the first matching episode only. */
  first: boolean;
  /** Refuse more than this many matching episodes; absent: the default rule. */
  maxInitial?: number;
  /** Whether an initial spec was given (the messages then name it). */
  initialGiven: boolean;
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * X0: with `first` the first matching episode; with `maxInitial` every match, refused
 * beyond it; by default every match up to the expansion budget, else the first one, with
 * a note saying how to take more or narrow the start.
 *
 * @throws {EpisodeSpecError} When nothing matches, or more than `maxInitial` episodes do
 * (the message starts with what was matched: the initial spec's name or "initial episodes").
 */
export function simulateStart(model: MechanismModel, scenario: string, spec: EpisodeSpec, request: StartRequest, names: SimulateOptionNames): { x0: Episode[]; notes: string[] } {
  const what = request.initialGiven ? names.initial : "initial episodes";
  if (request.first || request.maxInitial !== undefined) {
    try {
      return { x0: initialEpisodes(model, scenario, spec, request.maxInitial ?? 1, request.first), notes: [] };
    } catch (e) {
      if (!(e instanceof EpisodeSpecError)) throw e;
      const more = e.message.startsWith("more than") ? ` (${names.initial} SPEC, ${names.maxInitial} N, ${names.first})` : "";
      throw new EpisodeSpecError(`${what}: ${e.message}${more}`);
    }
  }
  const found: Episode[] = [];
  for (const x of matchingEpisodes(model, scenario, spec)) {
    if (found.length === DEFAULT_EXPANSION_BUDGET) {
      const note = `note: more than ${count(DEFAULT_EXPANSION_BUDGET)} episodes match the ${request.initialGiven ? `scenario's case and ${names.initial}` : "scenario's case"}; ` +
        `starting from the first (as ${names.first} does). Narrow the start with ${names.initial} NAME=VALUE…, or take every match with ${names.maxInitial} N`;
      return { x0: found.slice(0, 1), notes: [note] };
    }
    found.push(x);
  }
  if (!found.length) throw new EpisodeSpecError(`${what}: no episode of ${model.id} matches the initial spec under this scenario`);
  return { x0: found, notes: [] };
}

/**
 * What a large graph says after its layers: where the default horizon stopped, or that
 * a layer holds more episodes than a default run expands; with the options that go on or
 * narrow (`first` only when more than one episode starts).
 */
export function simulateNotes(graph: ReachGraph, horizon: number, names: SimulateOptionNames): string[] {
  const narrow = graph.layers[0].episodes.length > 1 ? `narrow the start with ${names.initial} NAME=VALUE… or ${names.first}` : "";
  if (graph.stopped) {
    const { depth, episodes } = graph.stopped;
    return [
      `note: stopped before depth ${depth} of the default ${horizon}: the graph holds ${count(episodes)} episodes, more than the ${count(DEFAULT_EXPANSION_BUDGET)} a default run expands. ` +
        `Go deeper with ${names.horizon} ${depth}${depth < horizon ? ` (or ${horizon})` : ""}${narrow && `; ${narrow}`}`,
    ];
  }
  const largest = graph.layers.reduce((a, l) => (l.episodes.length > a.episodes.length ? l : a));
  if (largest.episodes.length <= DEFAULT_EXPANSION_BUDGET) return [];
  return [`note: R_${largest.depth} holds ${count(largest.episodes.length)} episodes; fewer with a lower ${names.horizon}${narrow && `, or ${narrow}`}`];
}
