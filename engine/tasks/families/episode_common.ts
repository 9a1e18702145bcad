// Pieces the episode-graph families share: their candidates' initial episodes and
// graphs, the audit form of a graph, and rebuilding a graph from an audit.
import { edgeRules, RuleProfileSchema } from "../../episode/rules.ts";
import { type RuleProfile } from "../../episode/rule_names.ts";
import type { ExtraRestriction } from "../../compile/compile.ts";
import { z } from "zod";
import type { MechanismModel } from "../../model/model.ts";
import { multiStateInstances } from "../../model/model.ts";
import { Session } from "../../episode/session.ts";
import { reach, type ReachGraph } from "../../episode/reach.ts";
import type { Episode } from "../../episode/episode.ts";
import { causeJson } from "../../episode/render.ts";
import { CauseJson } from "../../episode/graph_json.ts";
import type { RecheckSessions } from "../recheck_sessions.ts";

/**
 * The audit form of a bounded graph A^{≤H}(X0): every episode with its composite state
 * and full cell vector (cell indices into the listed quantity spaces), every edge with
 * source, target and cause, and the exact-depth layers. Ids are positions.
 */
export const TaskGraph = z.object({
  scenario: z.string(),
  /** The edge-rule profile the graph was built with. */
  rules: RuleProfileSchema,
  horizon: z.int().min(0),
  variables: z.array(z.object({ name: z.string(), cells: z.array(z.string()).min(1) }).strict()),
  initial: z.array(z.int().min(0)).min(1),
  layers: z.array(z.object({ depth: z.int().min(0), episodes: z.array(z.int().min(0)), edges: z.array(z.int().min(0)) }).strict()),
  episodes: z.array(z.object({ state: z.record(z.string(), z.string()), cells: z.array(z.int().min(0)) }).strict()),
  edges: z.array(z.object({ source: z.int().min(0), target: z.int().min(0), cause: CauseJson }).strict()),
}).strict();
export type TaskGraph = z.infer<typeof TaskGraph>;

export function auditGraph(m: MechanismModel, scenario: string, rules: RuleProfile, horizon: number, g: ReachGraph): TaskGraph {
  const multi = multiStateInstances(m);
  return {
    scenario,
    rules,
    horizon,
    variables: m.variables.map((v) => ({ name: v.name, cells: [...v.cells] })),
    initial: [...g.layers[0].episodes],
    layers: g.layers.map((l) => ({ depth: l.depth, episodes: [...l.episodes], edges: [...l.edges] })),
    episodes: g.episodes.map((x) => ({ state: Object.fromEntries(multi.map((i) => [i.name, x.state[i.name]])), cells: [...x.cells] })),
    edges: g.edges.map((e) => ({ source: e.source, target: e.target, cause: causeJson(m, e.edge.cause) })),
  };
}

/** The cell name of variable v in episode id. */
export const cellOf = (g: TaskGraph, id: number, v: number) => g.variables[v].cells[g.episodes[id].cells[v]];

/** An episode of an audited graph, back as an episode of the model (every component's state included). */
export function episodeFromAudit(m: MechanismModel, g: TaskGraph, id: number): Episode {
  const e = g.episodes[id];
  if (!e) throw new Error(`the audit has no episode ${id}`);
  if (g.variables.length !== m.variables.length || g.variables.some((v, i) => v.name !== m.variables[i].name || v.cells.join() !== m.variables[i].cells.join())) {
    throw new Error(`the audit's variables are not ${m.id}'s`);
  }
  const state: Record<string, string> = {};
  for (const i of m.instances) state[i.name] = i.states.length > 1 ? e.state[i.name] : i.states[0];
  for (const i of multiStateInstances(m)) if (!i.states.includes(state[i.name])) throw new Error(`episode ${id}: ${i.name} has no state ${state[i.name]}`);
  return { state, cells: [...e.cells] };
}

/**
 * Rebuilds A^{≤H} from the catalog alone: a session under the audit's rules from its
 * initial episodes (`caseRestrictions`: see Session's option of that name), fresh or the
 * one `sessions` shares across a verification's tasks of the mechanism.
 */
export function rebuildGraph(m: MechanismModel, g: TaskGraph, caseRestrictions?: readonly ExtraRestriction[], sessions?: RecheckSessions): ReachGraph {
  // the session itself ignores caseRestrictions under the context-only universe
  if (sessions && sessions.model !== m) throw new Error(`the shared sessions are ${sessions.model.id}'s, not ${m.id}'s`);
  const session = sessions ? sessions.session(g.scenario, g.rules, caseRestrictions) : new Session(m, g.scenario, { rules: edgeRules(g.rules), ...(caseRestrictions ? { caseRestrictions } : {}) });
  return reach(session, g.initial.map((id) => episodeFromAudit(m, g, id)), g.horizon);
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

const indexes = new WeakMap<TaskGraph, Map<string, number>>();

/** The index of a variable of an audited graph by name. */
export function graphVariable(g: TaskGraph, name: string): number {
  let map = indexes.get(g);
  if (!map) indexes.set(g, (map = new Map(g.variables.map((v, i) => [v.name, i]))));
  const v = map.get(name);
  if (v === undefined) throw new Error(`a fact names ${name}, which the graph does not have`);
  return v;
}

/** Whether episode id of an audited graph satisfies every fact. */
export function satisfiesFacts(g: TaskGraph, id: number, facts: readonly Fact[]): boolean {
  return facts.every((f) => cellOf(g, id, graphVariable(g, f.var)) === f.cell);
}
