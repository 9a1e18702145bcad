// Renderings of a bounded episode graph (`mech simulate`) and of an edge explanation
// (`mech explain-edge`): the transition triples of Definition 7, the machine format of
// graph_json.ts, a text report and a Graphviz digraph. Runtime-agnostic: lines in,
// lines out, no I/O.
import type { MechanismModel } from "../model/model.ts";
import { multiStateInstances } from "../model/model.ts";
import { stateLabel } from "../compile/compile.ts";
import type { Cause } from "./causes.ts";
import type { EdgeVerdict } from "./edge_ok.ts";
import type { Episode } from "./episode.ts";
import type { Layer, ReachGraph } from "./reach.ts";
import type { CauseJson, ChangeJson, EdgeExplanationJson, EpisodeJson, GraphJson, TransitionTripleJson } from "./graph_json.ts";

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The component state changes of an edge: (component, s(p), s'(p)) with s(p) ≠ s'(p), in declaration order. */
export function componentChanges(model: MechanismModel, x: Episode, y: Episode): TransitionTripleJson[] {
  return model.instances
    .filter((i) => x.state[i.name] !== y.state[i.name])
    .map((i) => ({ component: i.name, source: x.state[i.name], target: y.state[i.name] }));
}

/**
 * Definition 7: every (component, source state, target state) with s(p) ≠ s'(p) over the
 * edges of A^{≤H}, deduplicated, sorted by component, source, then target (string order).
 */
export function transitionTriples(model: MechanismModel, graph: ReachGraph): TransitionTripleJson[] {
  const seen = new Map<string, TransitionTripleJson>();
  for (const e of graph.edges) {
    for (const t of componentChanges(model, graph.episodes[e.source], graph.episodes[e.target])) {
      seen.set(`${t.component}\u0000${t.source}\u0000${t.target}`, t);
    }
  }
  return [...seen.values()].sort((a, b) => cmp(a.component, b.component) || cmp(a.source, b.source) || cmp(a.target, b.target));
}

/** Every variable whose cell differs between x and y, by name, in variable order. */
export function cellChanges(model: MechanismModel, x: Episode, y: Episode): ChangeJson[] {
  const out: ChangeJson[] = [];
  model.variables.forEach((v, k) => {
    if (x.cells[k] !== y.cells[k]) out.push({ var: v.name, from: v.cells[x.cells[k]], to: v.cells[y.cells[k]] });
  });
  return out;
}

export function causeJson(model: MechanismModel, c: Cause): CauseJson {
  return {
    kind: c.kind,
    events: c.events.map((e) => ({ var: model.variables[e.var].name, from: model.variables[e.var].cells[e.from], to: model.variables[e.var].cells[e.to] })),
  };
}

function episodeJson(model: MechanismModel, x: Episode): Omit<EpisodeJson, "id"> {
  const state: Record<string, string> = {};
  for (const i of multiStateInstances(model)) state[i.name] = x.state[i.name];
  return { state, cells: model.variables.map((v, k) => v.cells[x.cells[k]]) };
}

/** The machine format of a bounded episode graph (schema: graph_json.ts). Deterministic. */
export function graphJson(model: MechanismModel, scenario: string, rules: string, horizon: number, graph: ReachGraph): GraphJson {
  return {
    mechanism: model.id,
    scenario,
    rules,
    horizon,
    variables: model.variables.map((v) => v.name),
    components: multiStateInstances(model).map((i) => i.name),
    initial: [...graph.layers[0].episodes],
    layers: graph.layers.map((l) => ({ depth: l.depth, episodes: [...l.episodes], edges: [...l.edges] })),
    episodes: graph.episodes.map((x, id) => ({ id, ...episodeJson(model, x) })),
    edges: graph.edges.map(({ source, target, edge }, id) => ({
      id,
      source,
      target,
      cause: causeJson(model, edge.cause),
      declarations: edge.declarations.map((d) => {
        const t = model.transitions[d.transition];
        return { component: d.instance, from: t.from, to: t.to, event: t.event === null ? null : model.variables[t.event].name };
      }),
      propagation: edge.propagation.map((p) => ({
        var: model.variables[p.var].name,
        from: model.variables[p.from].name,
        via: "law" in p.link ? model.laws[p.link.law].id : "derivative" in p.link ? "derivative" : `state change of ${p.link.stateChange}`,
      })),
      changes: cellChanges(model, graph.episodes[source], graph.episodes[target]),
    })),
    transitions: transitionTriples(model, graph),
  };
}

/** Per episode id: the depth of the first layer that holds it. */
export function firstDepths(graph: ReachGraph): number[] {
  const out: number[] = graph.episodes.map(() => -1);
  for (const l of graph.layers) for (const id of l.episodes) if (out[id] < 0) out[id] = l.depth;
  return out;
}

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** "boundary [a.x positive→zero, b.y negative→zero, +3 more]"; every event when maxEvents is Infinity. */
export function causeText(model: MechanismModel, c: Cause, maxEvents = 3): string {
  if (!c.events.length) return c.kind;
  const ev = causeJson(model, c).events.map((e) => `${e.var} ${e.from}→${e.to}`);
  const shown = ev.slice(0, maxEvents);
  if (ev.length > shown.length) shown.push(`+${ev.length - shown.length} more`);
  return `${c.kind} [${shown.join(", ")}]`;
}

const changesText = (t: TransitionTripleJson[]) => t.map((c) => `${c.component} ${c.source}→${c.target}`).join(", ");

export interface TextOptions {
  /** How many edges to list (and initial episodes to name). */
  limit: number;
}

/**
 * The opening of the text report, up to the layer table's header: what `mech simulate`
 * prints before the first layer is computed. `scenario` and `horizon` may carry a note
 * after the value ("mass1_hotter (default: the start case)").
 */
export function graphTextHead(model: MechanismModel, scenario: string, rules: string, horizon: number | string, initial: number, notes: readonly string[] = []): string[] {
  return [
    `mechanism ${model.id}, scenario ${scenario}, edge rules ${rules}, horizon ${horizon}, |X0| = ${initial}`,
    ...notes,
    "",
    "| depth | episodes R_d | edges A^(d) |",
    "|---|---|---|",
  ];
}

/** One row of the layer table, printed as soon as the layer is complete. */
export const layerRow = (l: Layer): string => `| ${l.depth} | ${l.episodes.length} | ${l.edges.length} |`;

/** The text report of `mech simulate`: graphTextHead, a row per layer, graphTextTail. */
export function graphText(model: MechanismModel, scenario: string, rules: string, horizon: number, graph: ReachGraph, options: TextOptions): string[] {
  return [
    ...graphTextHead(model, scenario, rules, horizon, graph.layers[0].episodes.length),
    ...graph.layers.map(layerRow),
    ...graphTextTail(model, graph, options),
  ];
}

/** The text report after the layer table: totals, component transitions, edges and episodes. */
export function graphTextTail(model: MechanismModel, graph: ReachGraph, options: TextOptions): string[] {
  const out: string[] = [];
  const r0 = graph.layers[0].episodes;
  out.push("");
  out.push(`total: ${plural(graph.episodes.length, "distinct episode")}, ${plural(graph.edges.length, "distinct edge")}`);
  const triples = transitionTriples(model, graph);
  out.push("");
  out.push(`component transitions (${triples.length}):${triples.length ? "" : " none"}`);
  for (const t of triples) out.push(`  ${t.component} ${t.source} → ${t.target}`);

  const shownEdges = graph.edges.slice(0, options.limit);
  out.push("");
  out.push(`edges (${graph.edges.length}):${graph.edges.length ? "" : " none"}`);
  shownEdges.forEach(({ source, target, edge }, id) => {
    const x = graph.episodes[source], y = graph.episodes[target];
    const comp = componentChanges(model, x, y);
    const n = cellChanges(model, x, y).length;
    out.push(
      `  edge ${id}: e${source} → e${target}  ${causeText(model, edge.cause)}  ${comp.length ? changesText(comp) : "no component changes"}; ${plural(n, "coordinate")} change${n === 1 ? "s" : ""}`,
    );
  });
  if (graph.edges.length > shownEdges.length) out.push(`  … ${graph.edges.length - shownEdges.length} more left out (raise --limit)`);

  // the episodes the listed edges name, and the first initial ones
  const ids = new Set<number>(r0.slice(0, options.limit));
  for (const e of shownEdges) ids.add(e.source), ids.add(e.target);
  const listed = [...ids].sort((a, b) => a - b);
  const depth = firstDepths(graph);
  out.push("");
  out.push(`episodes (${listed.length} of ${graph.episodes.length} listed):${listed.length ? "" : " none"}`);
  for (const id of listed) out.push(`  e${id}  ${stateLabel(model, graph.episodes[id].state)}  (depth ${depth[id]}${depth[id] === 0 ? ", initial" : ""})`);
  return out;
}

const dotString = (s: string) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`;

/**
 * A Graphviz digraph: nodes e<id> labelled by the state label and the depth of first
 * discovery (initial episodes doubly outlined), edges labelled by the cause kind and the
 * component changes; interpretation-only edges (no component changes) are dashed.
 */
export function graphDot(model: MechanismModel, scenario: string, rules: string, horizon: number, graph: ReachGraph): string[] {
  const out: string[] = [];
  out.push(`digraph ${dotString(`${model.id} ${scenario} ${rules} H=${horizon}`)} {`);
  out.push("  rankdir=LR;");
  out.push('  node [shape=box, fontname="Helvetica"];');
  out.push('  edge [fontname="Helvetica", fontsize=10];');
  const depth = firstDepths(graph);
  graph.episodes.forEach((x, id) => {
    out.push(`  e${id} [label=${dotString(`e${id}: ${stateLabel(model, x.state)}\ndepth ${depth[id]}`)}${depth[id] === 0 ? ", peripheries=2" : ""}];`);
  });
  for (const { source, target, edge } of graph.edges) {
    const comp = componentChanges(model, graph.episodes[source], graph.episodes[target]);
    const label = [edge.cause.kind, ...comp.map((c) => `${c.component} ${c.source}→${c.target}`)].join("\n");
    out.push(`  e${source} -> e${target} [label=${dotString(label)}${comp.length ? "" : ", style=dashed"}];`);
  }
  out.push("}");
  return out;
}

/** An explain-edge result: the candidate edge and the verdicts on it, under one scenario and edge rules. */
export interface EdgeExplanation {
  model: MechanismModel;
  scenario: string;
  /** The edge rules' name. */
  rules: string;
  source: Episode;
  target: Episode;
  /** The implied cause's verdict, and the intrastate cause's when it is another. */
  verdicts: readonly EdgeVerdict[];
  /** How many other causes of the source are not listed. */
  unchecked: number;
  /** False when the source was found among the context's episodes (V_r), not the case's. */
  sourceInCase: boolean;
}

/** The machine form of an explain-edge result. */
export function explanationJson(e: EdgeExplanation): EdgeExplanationJson {
  const { model, scenario, rules, source: x, target: y, verdicts, unchecked, sourceInCase } = e;
  const distinct = cellChanges(model, x, y).length > 0 || componentChanges(model, x, y).length > 0;
  return {
    mechanism: model.id,
    scenario,
    rules,
    source: episodeJson(model, x),
    sourceInCase,
    target: episodeJson(model, y),
    changes: cellChanges(model, x, y),
    distinct,
    admitted: verdicts.some((v) => v.admitted),
    verdicts: verdicts.map((v) => ({
      admitted: v.admitted,
      cause: causeJson(model, v.cause),
      clauses: v.clauses.map((c) => ({ clause: c.clause, ok: c.ok, facts: [...c.facts] })),
    })),
    unchecked,
  };
}

/**
 * The text of an explain-edge result: the candidate's changes, then per cause of the
 * source ADMITTED (with every clause's facts as evidence) or REJECTED (with the failing
 * clauses and their facts).
 */
export function explanationText(e: EdgeExplanation): string[] {
  const { model, scenario, rules, source: x, target: y, verdicts, unchecked, sourceInCase } = e;
  const out: string[] = [];
  out.push(`mechanism ${model.id}, scenario ${scenario}, edge rules ${rules}`);
  if (!sourceInCase) out.push("(no episode of the scenario's case matches the source spec: it was found among the episodes of the scenario's context, V_r)");
  out.push(`from: ${stateLabel(model, x.state)}`);
  out.push(`to:   ${stateLabel(model, y.state)}`);
  const comp = componentChanges(model, x, y);
  const cells = cellChanges(model, x, y);
  if (!comp.length && !cells.length) {
    out.push("the candidate equals the source episode: an edge needs x ≠ x′, so none exists");
    return out;
  }
  out.push(`component changes: ${comp.length ? changesText(comp) : "none (an interpretation-only candidate)"}`);
  out.push(`${plural(cells.length, "coordinate")} change${cells.length === 1 ? "s" : ""}: ${cells.map((c) => `${c.var} ${c.from}→${c.to}`).join(", ") || "none"}`);
  // the "cause" clause holds exactly for members of C_r(x)
  const total = unchecked + verdicts.filter((v) => v.clauses.find((c) => c.clause === "cause")?.ok).length;
  out.push(`the source has ${plural(total, "cause")}; shown: the one the candidate implies${verdicts.length > 1 ? " and the intrastate cause" : ""}`);
  for (const v of verdicts) {
    out.push("");
    out.push(`${v.admitted ? "ADMITTED" : "REJECTED"} under ${causeText(model, v.cause, Infinity)}`);
    const show = v.admitted ? v.clauses : v.clauses.filter((c) => !c.ok);
    for (const c of show) {
      out.push(`  ${c.clause} ${c.ok ? "holds" : "fails"}${c.facts.length ? ":" : ""}`);
      for (const f of c.facts) out.push(`    ${f}`);
    }
  }
  if (unchecked) {
    out.push("");
    out.push(`… ${plural(unchecked, "more cause")} not listed: each moves an integrated coordinate the candidate does not move, or leaves one it moves, so E1 or E2 rejects it`);
  }
  out.push("");
  const ok = verdicts.filter((v) => v.admitted);
  out.push(ok.length ? `ADMITTED: the edge exists (cause ${ok.map((v) => causeText(model, v.cause)).join("; ")})` : "REJECTED by every cause: no such edge");
  return out;
}
