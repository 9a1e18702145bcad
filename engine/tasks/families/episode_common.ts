// Pieces the episode-graph families share: their candidates' initial episodes and
// graphs, the audit form of a graph, and rebuilding a graph from an audit.
import { z } from "zod";
import type { MechanismModel } from "../../model/model.ts";
import { multiStateInstances } from "../../model/model.ts";
import { Session } from "../../episode/session.ts";
import { reach, type ReachGraph } from "../../episode/reach.ts";
import type { Episode } from "../../episode/episode.ts";
import { graphJson } from "../../episode/render.ts";
import { GraphJson } from "../../episode/graph_json.ts";
import { cellByName } from "./audit_names.ts";

export { GraphJson };

/** The audit form of a bounded graph: graph_json.ts's machine format (every episode in full, every edge with its cause and evidence). */
export const auditGraph = (m: MechanismModel, scenario: string, horizon: number, g: ReachGraph): GraphJson => graphJson(m, scenario, horizon, g);

/** An episode of an audited graph, back as cell indices (every component's state included). */
export function episodeFromAudit(m: MechanismModel, g: GraphJson, id: number): Episode {
  const e = g.episodes[id];
  if (!e) throw new Error(`the audit has no episode ${id}`);
  if (g.variables.length !== m.variables.length || g.variables.some((v, i) => v !== m.variables[i].name)) {
    throw new Error(`the audit's variables are not ${m.id}'s`);
  }
  const state: Record<string, string> = {};
  for (const i of m.instances) state[i.name] = i.states.length > 1 ? e.state[i.name] : i.states[0];
  for (const i of multiStateInstances(m)) if (!i.states.includes(state[i.name])) throw new Error(`episode ${id}: ${i.name} has no state ${state[i.name]}`);
  return { state, cells: e.cells.map((c, v) => cellByName(m, v, c)) };
}

/** Rebuilds A^{≤H} from the catalog alone: a fresh session from the audit's initial episode. */
export function rebuildGraph(m: MechanismModel, g: GraphJson): ReachGraph {
  const x0 = g.initial.map((id) => episodeFromAudit(m, g, id));
  return reach(new Session(m, g.scenario), x0, g.horizon);
}

/** Successor ids per episode id of a graph (the targets of its edges out of each source). */
export function successorIds(g: { episodes: unknown[]; edges: { source: number; target: number }[] }): number[][] {
  const out: number[][] = g.episodes.map(() => []);
  for (const e of g.edges) out[e.source].push(e.target);
  return out;
}

/** A fact `variable = cell` about one episode. */
export const Fact = z.object({ var: z.string(), cell: z.string() }).strict();
export type Fact = z.infer<typeof Fact>;

export const factText = (f: Fact) => `${f.var}=${f.cell}`;

/** Whether episode id of an audited graph satisfies every fact. */
export function satisfiesFacts(g: GraphJson, id: number, facts: readonly Fact[]): boolean {
  const e = g.episodes[id];
  return facts.every((f) => {
    const v = g.variables.indexOf(f.var);
    if (v < 0) throw new Error(`a fact names ${f.var}, which the graph does not have`);
    return e.cells[v] === f.cell;
  });
}
