// Bounded reachability (A.4): exact-depth layers R_d(x0) and A^(d)(x0), and the edge set
// A^{<=H}(x0) = union of A^(1..H). Sets are explicit and interned by episode key.
import { type Edge, type Session } from "./session.ts";
import { type Episode, episodeKey } from "./episode.ts";

export interface Layer {
  depth: number;
  /** R_d: episode ids reached after exactly d edges. */
  episodes: number[];
  /** A^(d): edge ids whose source is in R_{d-1}. */
  edges: number[];
}

export interface ReachGraph {
  /** Interned episodes; ids are positions, in discovery order. */
  episodes: Episode[];
  /** Distinct edges of A^{<=H}; ids are positions, in discovery order. */
  edges: { source: number; target: number; edge: Edge }[];
  /** layers[0] is R_0 (no edges). */
  layers: Layer[];
  /**
   * Set when an expansion budget stopped the search before the horizon: the depth whose
   * layer was not computed and how many episodes the graph held then.
   */
  stopped?: { depth: number; episodes: number };
}

/**
 * The episode graph grew beyond its limit on distinct episodes (1,000,000) within the
 * horizon: a lower horizon or a narrower start helps.
 *
 * @example
 * ```ts
 * import { mechanism, ReachLimitError, simulate } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * try {
 *   const g = simulate(mechanism("mechanics_damper"), { horizon: 1, first: true });
 *   assert.ok(g.json.episodes.length > 0);
 * } catch (e) {
 *   if (!(e instanceof ReachLimitError)) throw e;
 *   console.log("too large:", e.message);
 * }
 * ```
 */
export class ReachLimitError extends Error {
  /** The error's name, for messages and logs. */
  override name = "ReachLimitError";
}

export interface ReachOptions {
  /** Upper bound on distinct episodes in the graph (an error beyond it). */
  maxEpisodes?: number;
  /**
   * Compute layer d only while the graph holds at most this many episodes (so at most
   * this many sources are ever expanded); otherwise stop below the horizon and say so in
   * `stopped`. Absent: follow the horizon.
   */
  expansionBudget?: number;
  /** Called when a layer is complete (R_0 first), with the graph so far. */
  onLayer?: (layer: Layer, graph: ReachGraph) => void;
  /** Called after each source of the layer being computed is expanded. */
  onSource?: (done: number, total: number, depth: number) => void;
}

export const DEFAULT_MAX_EPISODES = 1_000_000;

export function reach(session: Session, initial: readonly Episode[], horizon: number, options: ReachOptions = {}): ReachGraph {
  const model = session.model;
  const maxEpisodes = options.maxEpisodes ?? DEFAULT_MAX_EPISODES;
  const ids = new Map<string, number>();
  const episodes: Episode[] = [];
  const intern = (x: Episode): number => {
    const k = episodeKey(model, x);
    let id = ids.get(k);
    if (id === undefined) {
      if (episodes.length >= maxEpisodes) throw new ReachLimitError(`the graph of ${model.id} exceeds ${maxEpisodes} episodes within horizon ${horizon}`);
      id = episodes.length;
      ids.set(k, id);
      episodes.push(x);
    }
    return id;
  };
  // the cause is a function of (x, x') (docs/semantics.md §13.3), so the pair names the
  // edge: source * 2^26 + target, exact while ids stay below 2^26 (maxEpisodes is far less)
  const edgeIds = new Map<number, number>();
  const edges: ReachGraph["edges"] = [];
  const first = [...new Set(initial.map(intern))];
  const layers: Layer[] = [{ depth: 0, episodes: first, edges: [] }];
  const graph: ReachGraph = { episodes, edges, layers };
  options.onLayer?.(layers[0], graph);
  let frontier = first;
  for (let d = 1; d <= horizon; d++) {
    if (options.expansionBudget !== undefined && episodes.length > options.expansionBudget) {
      graph.stopped = { depth: d, episodes: episodes.length };
      break;
    }
    const next = new Set<number>();
    const layerEdges = new Set<number>();
    for (let i = 0; i < frontier.length; i++) {
      const src = frontier[i];
      for (const e of session.successors(episodes[src])) {
        const tgt = intern(e.target);
        const k = src * EDGE_KEY + tgt;
        let id = edgeIds.get(k);
        if (id === undefined) {
          id = edges.length;
          edgeIds.set(k, id);
          edges.push({ source: src, target: tgt, edge: e });
        }
        layerEdges.add(id);
        next.add(tgt);
      }
      options.onSource?.(i + 1, frontier.length, d);
    }
    const layer = { depth: d, episodes: [...next], edges: [...layerEdges] };
    layers.push(layer);
    options.onLayer?.(layer, graph);
    frontier = layer.episodes;
  }
  return graph;
}

const EDGE_KEY = 2 ** 26;
