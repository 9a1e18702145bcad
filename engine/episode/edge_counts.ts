// |A^{<=H}| for H = 1..horizon from the first initial episode of every scenario with case
// restrictions: the measure docs/semantics.md §13.10 compares edge-rule readings by.
import type { MechanismModel } from "../model/model.ts";
import { Session } from "./session.ts";
import { reach } from "./reach.ts";
import { EpisodeSpecError, initialEpisodes } from "./initial.ts";
import type { EdgeRules } from "./rules.ts";

/** One mechanism's edge counts, summed over its scenarios with case restrictions. */
export interface EdgeCountRow {
  /** The mechanism's id. */
  mechanism: string;
  /** How many of its scenarios have case restrictions (the ones counted). */
  scenarios: number;
  /** edges[d]: |A^{<=d+1}|, summed over those scenarios. */
  edges: number[];
}

/**
 * The edge counts of one mechanism at horizons 1..horizon under the given rules.
 *
 * @throws {EpisodeSpecError} When a scenario's case has no episode (the message names the mechanism and scenario).
 */
export function edgeCounts(model: MechanismModel, horizon: number, rules: EdgeRules): EdgeCountRow {
  const edges = Array.from({ length: horizon }, () => 0);
  const cased = model.scenarios.filter((sc) => sc.restrict.length > 0);
  for (const sc of cased) {
    const at = <T>(f: () => T): T => {
      try {
        return f();
      } catch (e) {
        if (e instanceof EpisodeSpecError) throw new EpisodeSpecError(`${model.id} scenario ${sc.id}: ${e.message}`);
        throw e;
      }
    };
    const session = new Session(model, sc.id, { rules });
    const x0 = at(() => initialEpisodes(model, sc.id, { states: {}, cells: [] }, 1, true));
    const graph = at(() => reach(session, x0, horizon));
    // A^{<=H} grows with H: edges whose source lies in R_0..R_{H-1}
    const seen = new Set<number>();
    graph.layers.slice(1).forEach((layer, d) => {
      layer.edges.forEach((e) => seen.add(e));
      edges[d] += seen.size;
    });
  }
  return { mechanism: model.id, scenarios: cased.length, edges };
}
