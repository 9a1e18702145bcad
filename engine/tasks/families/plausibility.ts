// Plausibility (Definition 5, Table 7): one complete initial episode, its exact graph
// to horizon H, and 32 checkpoint narratives (16 P, 16 I). A narrative is plausible iff
// one path of exactly H edges from the initial episode satisfies, at every checkpoint
// t, all of its facts at t. Every narrative of a task states k_t facts at checkpoint t
// (k_1 … k_H drawn once per task). Positives are read off one path. A negative is
// admitted only when the graph alone refutes it: each of its checkpoints is consistent
// on its own (some episode of the universe satisfies all of that checkpoint's facts,
// with a certificate in the audit), yet the exact layered check finds no witness.
import { type EdgeRules, edgeRules, takes } from "../../episode/rules.ts";
import { z } from "zod";
import { type MechanismModel, multiStateInstances } from "../../model/model.ts";
import { compile } from "../../compile/compile.ts";
import { admissible } from "../../solve/semantics.ts";
import { type FamilyCandidate, type Level, LEVELS, type TaskFamily } from "../family.ts";
import type { InitialEpisode } from "../semantic_objects.ts";
import { keyedRandom, type Random } from "../../files/random.ts";
import { episodeLines, episodeModelLines } from "../render/episode_text.ts";
import { auditGraph, episodeFromAudit, Fact, factText, graphVariable, TaskGraph, rebuildGraph, satisfiesFacts, successorIds } from "./episode_common.ts";
import { universeFacts } from "./checkpoint_consistency.ts";
import type { Episode } from "../../episode/episode.ts";
import { variableByName } from "./audit_names.ts";

export const NARRATIVES = 32;
/** Horizon and facts per checkpoint at D1–D4 (Table 7: horizons 1, 1, 2, 3; three to six facts). */
export const LEVEL_SPEC: Record<Level, { horizon: number; facts: [number, number] }> = {
  D1: { horizon: 1, facts: [3, 4] },
  D2: { horizon: 1, facts: [5, 6] },
  D3: { horizon: 2, facts: [3, 6] },
  D4: { horizon: 3, facts: [3, 6] },
};
export const ATTEMPTS = 12;
/** Draws of positive narratives, and of negative ones in each of the two phases (see buildNarratives). */
export const POSITIVE_TRIES = 400;
export const NEGATIVE_TRIES = 600;

export const PlausibilityAnswer = z.object({ plausibility_labels: z.string().regex(new RegExp(`^[PI]{${NARRATIVES}}$`)) }).strict();

/** An episode outside the audited graph, in the graph's episode form (multi-state components' states, every cell). */
export const UniverseEpisode = TaskGraph.shape.episodes.element;
export type UniverseEpisode = z.infer<typeof UniverseEpisode>;
/** A checkpoint-consistency certificate: an episode id of the audited graph, or an episode outside it. */
export const Certificate = z.union([z.int().min(0), UniverseEpisode]);
export type Certificate = z.infer<typeof Certificate>;

const Narrative = z.object({
  id: z.string(),
  /** Facts at checkpoints t = 1 … H. */
  checkpoints: z.array(z.array(Fact).min(1)),
  label: z.enum(["P", "I"]),
  /** P: the episode ids x_1 … x_H of one witnessing path. */
  witness: z.array(z.int().min(0)).nullable(),
  /** The exact layered check: F_t = targets of edges from F_{t−1} that satisfy the facts at t (F_0 = the initial episode), up to the first empty one. */
  feasible: z.array(z.array(z.int().min(0))),
  /** I: per checkpoint, an episode of the universe satisfying all of its facts (so no checkpoint is inconsistent on its own). */
  consistency: z.array(Certificate).nullable(),
  /** I: `layer` when the facts of some checkpoint t hold in no episode of R_t, `path` when each checkpoint's hold in some episode of its layer but no path joins them. */
  refuted_by: z.enum(["layer", "path"]).nullable(),
}).strict();
type Narrative = z.infer<typeof Narrative>;

export const PlausibilityAudit = z.object({ graph: TaskGraph, narratives: z.array(Narrative).length(NARRATIVES) }).strict();
type PlausibilityAudit = z.infer<typeof PlausibilityAudit>;

/**
 * The layered check of Definition 5 over a graph given as successor lists: returns the
 * feasible sets F_1 … (stopping at the first empty one) and one witness path when F_H ≠ ∅.
 */
export function layeredCheck(
  start: number,
  succ: readonly (readonly number[])[],
  holds: (episode: number, t: number) => boolean,
  horizon: number,
): { feasible: number[][]; witness: number[] | null } {
  let frontier = [start];
  const parents: Map<number, number>[] = [];
  const feasible: number[][] = [];
  for (let t = 1; t <= horizon; t++) {
    const parent = new Map<number, number>();
    for (const x of frontier) for (const y of succ[x] ?? []) if (!parent.has(y) && holds(y, t)) parent.set(y, x);
    parents.push(parent);
    frontier = [...parent.keys()].sort((a, b) => a - b);
    feasible.push(frontier);
    if (!frontier.length) return { feasible, witness: null };
  }
  const witness = [frontier[0]];
  for (let t = horizon - 1; t >= 1; t--) witness.unshift(parents[t].get(witness[0])!);
  return { feasible, witness };
}

/** How the bounded graph refutes an unwitnessed narrative: some checkpoint's facts fit no episode of its layer, or only no single path joins them. */
export function refutation(g: TaskGraph, checkpoints: readonly (readonly Fact[])[]): "layer" | "path" {
  return checkpoints.some((facts, k) => !g.layers[k + 1].episodes.some((y) => satisfiesFacts(g, y, facts))) ? "layer" : "path";
}

export interface BuiltNarrative {
  checkpoints: Fact[][];
  label: "P" | "I";
  /** I: per checkpoint, its consistency certificate. */
  consistency: Certificate[] | null;
}

/** A consistency certificate for one checkpoint's facts, or null when no episode of the universe satisfies them all. */
export type Certify = (facts: Fact[]) => Certificate | null;

/**
 * The admission rule for a negative narrative (Table 7's "exact non-witness
 * certificates", made strict): no path of exactly H edges witnesses it, and every
 * checkpoint is consistent on its own (`certify` finds an episode of the universe
 * satisfying all of its facts). `accept` may refuse a refutation kind before any
 * certificate is sought. Returns the kind and the certificates, or null.
 */
export function admitNegative(g: TaskGraph, checkpoints: Fact[][], certify: Certify, accept: (kind: "layer" | "path") => boolean = () => true): { refutedBy: "layer" | "path"; consistency: Certificate[] } | null {
  const succ = successorIds(g);
  if (layeredCheck(g.initial[0], succ, (y, t) => satisfiesFacts(g, y, checkpoints[t - 1]), g.horizon).witness) return null;
  const refutedBy = refutation(g, checkpoints);
  if (!accept(refutedBy)) return null;
  const consistency: Certificate[] = [];
  for (const facts of checkpoints) {
    const c = certify(facts);
    if (c === null) return null;
    consistency.push(c);
  }
  return { refutedBy, consistency };
}

/**
 * A certifier over an audited graph: the first episode of g satisfying the facts (every
 * episode of the graph is an episode of its universe), else `universe(facts)`.
 */
export function graphFirst(g: TaskGraph, universe: (facts: Fact[]) => UniverseEpisode | null): Certify {
  return (facts) => {
    const inGraph = g.episodes.findIndex((_, y) => satisfiesFacts(g, y, facts));
    return inGraph >= 0 ? inGraph : universe(facts);
  };
}

/**
 * 16 positive and 16 negative narratives over the audited graph g, every one with
 * counts[t−1] facts at checkpoint t about the variables `coordinates`, or null when
 * they cannot be found.
 *
 * Negatives are drawn by constructions that keep the counts: (a) one fact of a fresh
 * positive moved to a cell its variable takes in another episode of that layer (so the
 * fact alone fits the layer); (b) when H ≥ 2, two fresh positives spliced after a
 * checkpoint. A draw is kept when its text is new and admitNegative admits it. In this
 * first phase, when H ≥ 2, at most half the negatives may be refuted the same way
 * (layer or path), so both kinds occur when the graph has them. Graphs too small for
 * that (a layer of one episode) get a second phase that takes any kind and widens the
 * constructions: (a) may move a fact whose variable has one cell across the layer to
 * any other cell, and (c) one checkpoint's facts may be replaced by the same
 * variables' cells in an episode of another layer (R_0 included). `widen` false: the
 * first phase only.
 */
export function buildNarratives(g: TaskGraph, coordinates: readonly number[], counts: readonly number[], certify: Certify, rng: Random, widen = true): BuiltNarrative[] | null {
  const horizon = g.horizon;
  if (counts.length !== horizon) throw new Error(`${counts.length} fact counts for horizon ${horizon}`);
  const succ = successorIds(g);
  // viable[t]: episodes of R_t with a path to depth H
  const viable: Set<number>[] = [];
  viable[horizon] = new Set(g.layers[horizon]?.episodes ?? []);
  for (let t = horizon - 1; t >= 0; t--) viable[t] = new Set(g.layers[t].episodes.filter((x) => succ[x].some((y) => viable[t + 1].has(y))));
  const x0 = g.initial[0];
  if (!viable[0].has(x0)) return null;
  const cell = (x: number, v: number) => g.episodes[x].cells[v];
  // per depth, the variables whose cell differs across R_t, and the cells each takes there
  const cellsAt = (t: number, v: number) => [...new Set(g.layers[t].episodes.map((x) => cell(x, v)))].sort((a, b) => a - b);
  const varying = Array.from({ length: horizon + 1 }, (_, t) => coordinates.filter((v) => cellsAt(t, v).length > 1));
  const fact = (v: number, c: number): Fact => ({ var: g.variables[v].name, cell: g.variables[v].cells[c] });
  const factsOf = (x: number, vars: readonly number[]) => vars.map((v) => fact(v, cell(x, v)));
  // a positive: a random path of exactly H edges through viable episodes, and at each checkpoint k_t facts of its
  // episode there, about variables drawn first among those that vary across the layer (a fact true of the whole
  // layer says little)
  // per depth and episode, its successors that are viable there; per depth, the coordinates that do not vary
  const viableNext = Array.from({ length: horizon + 1 }, () => new Map<number, number[]>());
  const steady = Array.from({ length: horizon + 1 }, (_, t) => coordinates.filter((v) => !varying[t].includes(v)));
  const positive = (): { checkpoints: Fact[][]; path: number[]; vars: number[][] } => {
    let x = x0;
    const checkpoints: Fact[][] = [], path: number[] = [], vars: number[][] = [];
    for (let t = 1; t <= horizon; t++) {
      let next = viableNext[t].get(x);
      if (!next) viableNext[t].set(x, next = succ[x].filter((y) => viable[t].has(y)));
      x = rng.pick(next);
      const pool = rng.shuffle(varying[t]);
      const rest = rng.shuffle(steady[t]);
      const vs = [...pool, ...rest].slice(0, counts[t - 1]).sort((a, b) => a - b);
      path.push(x);
      vars.push(vs);
      checkpoints.push(factsOf(x, vs));
    }
    return { checkpoints, path, vars };
  };
  const text = (cps: Fact[][]) => cps.map((c) => c.map(factText).join(" AND ")).join("; ");
  const seen = new Set<string>();
  const pos: BuiltNarrative[] = [];
  for (let tries = 0; tries < POSITIVE_TRIES && pos.length < NARRATIVES / 2; tries++) {
    const { checkpoints } = positive();
    if (seen.has(text(checkpoints))) continue;
    seen.add(text(checkpoints));
    pos.push({ checkpoints, label: "P", consistency: null });
  }
  if (pos.length < NARRATIVES / 2) return null;

  const changeOneFact = (anyCell: boolean): Fact[][] | null => {
    const p = positive();
    const t = rng.int(horizon);
    const i = rng.int(p.vars[t].length);
    const v = p.vars[t][i];
    const here = cell(p.path[t], v);
    const inLayer = cellsAt(t + 1, v).filter((c) => c !== here);
    const other = inLayer.length || !anyCell ? inLayer : g.variables[v].cells.map((_, c) => c).filter((c) => c !== here);
    if (!other.length) return null;
    return p.checkpoints.map((c, k) => (k === t ? c.map((f, j) => (j === i ? fact(v, rng.pick(other)) : f)) : c));
  };
  const splice = (): Fact[][] => {
    const p = positive(), q = positive();
    const s = 1 + rng.int(horizon - 1);
    return [...p.checkpoints.slice(0, s), ...q.checkpoints.slice(s)];
  };
  const otherLayer = (): Fact[][] | null => {
    const p = positive();
    const t = rng.int(horizon);
    const layers = g.layers.map((_, d) => d).filter((d) => d !== t + 1 && g.layers[d].episodes.length);
    if (!layers.length) return null;
    const y = rng.pick(g.layers[rng.pick(layers)].episodes);
    return p.checkpoints.map((c, k) => (k === t ? factsOf(y, p.vars[t]) : c));
  };

  const neg: BuiltNarrative[] = [];
  const kinds = { layer: 0, path: 0 };
  for (const phase of widen ? [1, 2] : [1]) {
    const constructions = [() => changeOneFact(phase === 2), ...(horizon >= 2 ? [splice] : []), ...(phase === 2 ? [otherLayer] : [])];
    const accept = (kind: "layer" | "path") => phase === 2 || horizon < 2 || kinds[kind] < NARRATIVES / 4;
    for (let tries = 0; tries < NEGATIVE_TRIES && neg.length < NARRATIVES / 2; tries++) {
      const checkpoints = rng.pick(constructions)();
      if (!checkpoints || seen.has(text(checkpoints))) continue;
      const admitted = admitNegative(g, checkpoints, certify, accept);
      if (!admitted) continue;
      seen.add(text(checkpoints));
      kinds[admitted.refutedBy]++;
      neg.push({ checkpoints, label: "I", consistency: admitted.consistency });
    }
  }
  if (neg.length < NARRATIVES / 2) return null;
  return rng.shuffle([...pos, ...neg]);
}

/** The variables facts may name: every one but the parameters (they keep their cells on every edge). */
const coordinatesOf = (m: MechanismModel) => m.variables.map((_, i) => i).filter((i) => m.variables[i].kind !== "parameter");

/** An episode in the audit form. */
function auditEpisode(m: MechanismModel, x: Episode): UniverseEpisode {
  return { state: Object.fromEntries(multiStateInstances(m).map((i) => [i.name, x.state[i.name]])), cells: [...x.cells] };
}

const qid = (k: number) => `Q${String(k + 1).padStart(2, "0")}`;

function goldOf(graph: TaskGraph, built: BuiltNarrative[]) {
  const succ = successorIds(graph);
  const narratives: Narrative[] = built.map((n, k) => {
    const check = layeredCheck(graph.initial[0], succ, (y, t) => satisfiesFacts(graph, y, n.checkpoints[t - 1]), graph.horizon);
    const label = check.witness ? "P" : "I";
    return {
      id: qid(k),
      checkpoints: n.checkpoints,
      label,
      witness: check.witness,
      feasible: check.feasible,
      consistency: label === "I" ? n.consistency : null,
      refuted_by: label === "I" ? refutation(graph, n.checkpoints) : null,
    };
  });
  const audit: PlausibilityAudit = { graph, narratives };
  return { answer: { plausibility_labels: narratives.map((n) => n.label).join("") }, audit };
}

function renderBody(m: MechanismModel, rules: EdgeRules, x0: InitialEpisode, horizon: number, built: BuiltNarrative[]): string {
  return [
    "Classify bounded episode-history plausibility for a qualitative mechanism.",
    "",
    `From the initial episode below, build the exact episode graph through ${horizon} edge${horizon === 1 ? "" : "s"}. Each candidate narrative lists conjunctive observations (variable=cell facts) at every checkpoint t = 1 … ${horizon}.`,
    `A narrative is plausible (P) exactly when one path of exactly ${horizon} admissible edge${horizon === 1 ? "" : "s"} starting at the initial episode reaches, after exactly t edges, an episode satisfying every observation listed for checkpoint t, for every t; all of a narrative's observations must hold on that same path. Otherwise it is implausible (I).`,
    "",
    ...episodeModelLines(m, x0.scenario, rules),
    "",
    `The successor horizon is ${horizon}.`,
    ...episodeLines(m, "Initial episode", x0.episode),
    "",
    `Narratives (${built.length}):`,
    ...built.map((n, k) => `${qid(k)}: ${n.checkpoints.map((c, t) => `t=${t + 1}: ${c.map(factText).join(" AND ")}`).join("; ")}`),
    "",
    `Write the labels in query-id order, Q01 through Q${NARRATIVES}: P for plausible, I for implausible, exactly ${NARRATIVES} uppercase characters. Answer with one JSON object of this shape:`,
    JSON.stringify({ answer: { plausibility_labels: "X".repeat(NARRATIVES) } }),
  ].join("\n");
}

/** The fact counts k_1 … k_H every narrative of the audit shares, or null when they differ. */
function sharedCounts(a: PlausibilityAudit): number[] | null {
  const counts = a.narratives[0].checkpoints.map((c) => c.length);
  return a.narratives.every((n) => n.checkpoints.length === counts.length && n.checkpoints.every((c, t) => c.length === counts[t])) ? counts : null;
}

export const plausibility: TaskFamily = {
  id: "plausibility",
  title: "plausibility",
  answer: PlausibilityAnswer,
  bands: Object.fromEntries(LEVELS.map((l) => [l, `horizon ${LEVEL_SPEC[l].horizon}, ${LEVEL_SPEC[l].facts.join("-")} facts per checkpoint`])) as Record<Level, string>,
  // Table 2's scalar Σ_t |O_t| of one narrative: every narrative has the same counts, so it is Σ_t k_t
  levelOf(complexity, auditData) {
    const a = PlausibilityAudit.parse(auditData);
    const counts = sharedCounts(a);
    if (!counts || counts.length !== a.graph.horizon || complexity !== counts.reduce((s, k) => s + k, 0)) return null;
    return LEVELS.find((l) => LEVEL_SPEC[l].horizon === a.graph.horizon && counts.every((k) => k >= LEVEL_SPEC[l].facts[0] && k <= LEVEL_SPEC[l].facts[1])) ?? null;
  },

  // Two passes over the attempts: the first builds narratives with the first phase only; the second, for the
  // cells still short, rebuilds the attempts that failed with the second phase too (graphs whose layers are too
  // small for the first phase are used only when the cell cannot be filled otherwise).
  *candidates(z, seed, wanted) {
    const coordinates = coordinatesOf(z.model);
    const built1 = new Set<string>();
    for (const widen of [false, true]) for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      for (const level of LEVELS.filter(wanted)) {
        if (widen && built1.has(`${level}/${attempt}`)) continue;
        const rng = keyedRandom(`${seed}/plausibility/${z.model.id}/${level}/${attempt}`);
        const { horizon, facts } = LEVEL_SPEC[level];
        const counts = Array.from({ length: horizon }, () => rng.between(facts[0], facts[1]));
        const x0 = z.initial(attempt * LEVELS.length + LEVELS.indexOf(level));
        if (!x0) continue;
        const g = z.graph(x0, horizon);
        if (!g) continue;
        const graph = auditGraph(z.model, x0.scenario, z.profile, horizon, g);
        // the universe of the graph's own session: checkpoint consistency is judged in exactly the episodes the prompt defines
        const oracle = universeFacts(z, z.session(x0.scenario), z.states, { onSolve: () => z.solves++, relaxation: z });
        const universe = (fs: Fact[]) => {
          const x = oracle.witness(fs.map((f) => ({ var: graphVariable(graph, f.var), cell: graph.variables[graphVariable(graph, f.var)].cells.indexOf(f.cell) })));
          return x && auditEpisode(z.model, x);
        };
        const built = buildNarratives(graph, coordinates, counts, graphFirst(graph, universe), rng, widen);
        if (!built) continue;
        if (!widen) built1.add(`${level}/${attempt}`);
        const candidate: FamilyCandidate = {
          complexity: counts.reduce((s, k) => s + k, 0),
          level,
          query: () => goldOf(graph, built),
          render: () => renderBody(z.model, z.rules, x0, horizon, built),
        };
        yield candidate;
      }
    }
  },

  valid(gold) {
    const labels = String(gold.answer.plausibility_labels);
    const p = [...labels].filter((c) => c === "P").length;
    if (p !== NARRATIVES / 2) return `${p} plausible narratives, not ${NARRATIVES / 2}`;
    const a = PlausibilityAudit.parse(gold.audit);
    if (!sharedCounts(a)) return "the narratives do not share their fact counts";
    const bad = a.narratives.find((n) => n.label === "I" && n.consistency?.length !== n.checkpoints.length);
    return bad ? `${bad.id} is implausible without a consistency certificate for every checkpoint` : null;
  },

  recheck(model, auditData, sessions) {
    const audit = PlausibilityAudit.parse(auditData);
    const g = rebuildGraph(model, audit.graph, undefined, sessions);
    const succ = successorIds(g);
    const name = (x: number, v: number) => model.variables[v].cells[g.episodes[x].cells[v]];
    const labels = audit.narratives.map((n) =>
      layeredCheck(g.layers[0].episodes[0], succ, (y, t) => n.checkpoints[t - 1].every((f) => name(y, model.variableIndex.get(f.var) ?? -1) === f.cell), audit.graph.horizon).witness ? "P" : "I"
    );
    // every certificate is an episode of the universe (compiled afresh from the catalog) satisfying its checkpoint's facts
    const contextOnly = takes(edgeRules(audit.graph.rules), "context-universe");
    audit.narratives.forEach((n) => {
      if (n.label === "I" && n.consistency?.length !== n.checkpoints.length) throw new Error(`${n.id}: no consistency certificate for every checkpoint`);
      n.consistency?.forEach((c, t) => {
        const x = typeof c === "number" ? episodeFromAudit(model, audit.graph, c) : episodeFromAudit(model, { ...audit.graph, episodes: [c] }, 0);
        const problem = compile(model, x.state, audit.graph.scenario, [], { contextOnly }).problem;
        const holds = n.checkpoints[t].every((f) => {
          const v = variableByName(model, f.var);
          return model.variables[v].cells[x.cells[v]] === f.cell;
        });
        if (!admissible(problem, x.cells) || !holds) throw new Error(`${n.id}: the consistency certificate of checkpoint ${t + 1} is not an episode satisfying its facts`);
      });
    });
    return { plausibility_labels: labels.join("") };
  },

  explain(_answer, auditData) {
    const a = PlausibilityAudit.parse(auditData);
    const out = [`${a.graph.episodes.length} episodes and ${a.graph.edges.length} edges within horizon ${a.graph.horizon} (scenario ${a.graph.scenario}).`];
    const certificate = (c: Certificate) => (typeof c === "number" ? `episode ${c}` : "an episode outside the graph");
    for (const n of a.narratives) {
      out.push(n.label === "P"
        ? `${n.id} P: witnessed by the path ${[a.graph.initial[0], ...n.witness!].join(" -> ")}`
        : `${n.id} I: each checkpoint holds in some episode (${(n.consistency ?? []).map(certificate).join("; ")}); ` +
          (n.refuted_by === "layer" ? "some checkpoint's facts fit no episode of its layer" : "each checkpoint's facts fit an episode of its layer, but no path joins them") +
          `: feasible episodes per checkpoint ${n.feasible.map((f) => `{${f.join(", ")}}`).join(", ")}; none survives checkpoint ${n.feasible.length}`);
    }
    return out;
  },
};
