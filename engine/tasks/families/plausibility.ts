// Plausibility (Definition 5, Table 7): one complete initial episode, its exact graph
// to horizon H, and 32 checkpoint narratives (16 P, 16 I). A narrative is plausible iff
// one path of exactly H edges from the initial episode satisfies, at every checkpoint
// t, all of its facts at t. Positives are read off one path; negatives replace one fact
// of a path by a cell that variable takes elsewhere in that layer, and are kept only
// when the exact layered check finds no witness.
import { type EdgeRules } from "../../episode/rules.ts";
import { z } from "zod";
import type { MechanismModel } from "../../model/model.ts";
import { type FamilyCandidate, type Level, LEVELS, type TaskFamily } from "../family.ts";
import type { InitialEpisode, SemanticObjects } from "../semantic_objects.ts";
import { keyedRandom, type Random } from "../random.ts";
import type { ReachGraph } from "../../episode/reach.ts";
import { episodeLines, episodeModelLines } from "../render/episode_text.ts";
import { auditGraph, Fact, factText, TaskGraph, rebuildGraph, satisfiesFacts, successorIds } from "./episode_common.ts";

export const NARRATIVES = 32;
/** Horizon and facts per checkpoint at D1–D4 (Table 7: horizons 1, 1, 2, 3; three to six facts). */
export const LEVEL_SPEC: Record<Level, { horizon: number; facts: [number, number] }> = {
  D1: { horizon: 1, facts: [3, 4] },
  D2: { horizon: 1, facts: [5, 6] },
  D3: { horizon: 2, facts: [3, 6] },
  D4: { horizon: 3, facts: [3, 6] },
};
export const ATTEMPTS = 12;

export const PlausibilityAnswer = z.object({ plausibility_labels: z.string().regex(new RegExp(`^[PI]{${NARRATIVES}}$`)) }).strict();

const Narrative = z.object({
  id: z.string(),
  /** Facts at checkpoints t = 1 … H. */
  checkpoints: z.array(z.array(Fact).min(1)),
  label: z.enum(["P", "I"]),
  /** P: the episode ids x_1 … x_H of one witnessing path. */
  witness: z.array(z.int().min(0)).nullable(),
  /** The exact layered check: F_t = targets of edges from F_{t−1} that satisfy the facts at t (F_0 = the initial episode), up to the first empty one. */
  feasible: z.array(z.array(z.int().min(0))),
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

interface Built {
  narratives: { checkpoints: Fact[][]; label: "P" | "I" }[];
}

/** 16 positive and 16 negative narratives over g, or null when they cannot be found. */
function buildNarratives(m: MechanismModel, g: ReachGraph, horizon: number, facts: [number, number], rng: Random): Built | null {
  const succ = successorIds(g);
  // viable[t]: episodes of R_t with a path to depth H
  const viable: Set<number>[] = [];
  viable[horizon] = new Set(g.layers[horizon]?.episodes ?? []);
  for (let t = horizon - 1; t >= 0; t--) viable[t] = new Set(g.layers[t].episodes.filter((x) => succ[x].some((y) => viable[t + 1].has(y))));
  const x0 = g.layers[0].episodes[0];
  if (!viable[0].has(x0)) return null;
  const coordinates = m.variables.map((v, i) => i).filter((i) => m.variables[i].kind !== "parameter");
  // per depth, the variables whose cell differs across R_t, and the cells each takes there
  const cellsAt = (t: number, v: number) => [...new Set(g.layers[t].episodes.map((x) => g.episodes[x].cells[v]))].sort((a, b) => a - b);
  const varying = Array.from({ length: horizon + 1 }, (_, t) => coordinates.filter((v) => cellsAt(t, v).length > 1));
  const fact = (v: number, cell: number): Fact => ({ var: m.variables[v].name, cell: m.variables[v].cells[cell] });
  const positive = (): Fact[][] => {
    let x = x0;
    const out: Fact[][] = [];
    for (let t = 1; t <= horizon; t++) {
      x = rng.pick(succ[x].filter((y) => viable[t].has(y)));
      const k = rng.between(facts[0], facts[1]);
      const pool = rng.shuffle(varying[t]);
      const rest = rng.shuffle(coordinates.filter((v) => !varying[t].includes(v)));
      const vars = [...pool, ...rest].slice(0, k).sort((a, b) => a - b);
      out.push(vars.map((v) => fact(v, g.episodes[x].cells[v])));
    }
    return out;
  };
  const holds = (y: number, f: Fact) => {
    const v = m.variableIndex.get(f.var)!;
    return m.variables[v].cells[g.episodes[y].cells[v]] === f.cell;
  };
  const label = (cps: Fact[][]) => layeredCheck(x0, succ, (y, t) => cps[t - 1].every((f) => holds(y, f)), horizon).witness ? "P" : "I";
  const text = (cps: Fact[][]) => cps.map((c) => c.map(factText).join(" AND ")).join("; ");
  const seen = new Set<string>();
  const pos: Fact[][][] = [], neg: Fact[][][] = [];
  for (let tries = 0; tries < 400 && (pos.length < NARRATIVES / 2 || neg.length < NARRATIVES / 2); tries++) {
    const cps = positive();
    if (pos.length < NARRATIVES / 2) {
      if (!seen.has(text(cps))) {
        seen.add(text(cps));
        pos.push(cps);
      }
      continue;
    }
    // a negative: one fact at one checkpoint takes a cell its variable has elsewhere in that layer
    const t = rng.int(horizon);
    const i = rng.int(cps[t].length);
    const v = m.variableIndex.get(cps[t][i].var)!;
    const others = cellsAt(t + 1, v).map((c) => m.variables[v].cells[c]).filter((c) => c !== cps[t][i].cell);
    if (!others.length) continue;
    const changed = cps.map((c, k) => (k === t ? c.map((f, j) => (j === i ? { ...f, cell: rng.pick(others) } : f)) : c));
    if (seen.has(text(changed)) || label(changed) !== "I") continue;
    seen.add(text(changed));
    neg.push(changed);
  }
  if (pos.length < NARRATIVES / 2 || neg.length < NARRATIVES / 2) return null;
  const all = rng.shuffle([...pos.map((c) => ({ checkpoints: c, label: "P" as const })), ...neg.map((c) => ({ checkpoints: c, label: "I" as const }))]);
  return { narratives: all };
}

const qid = (k: number) => `Q${String(k + 1).padStart(2, "0")}`;

function goldOf(m: MechanismModel, rules: EdgeRules, x0: InitialEpisode, horizon: number, g: ReachGraph, built: Built) {
  const graph = auditGraph(m, x0.scenario, rules.profile, horizon, g);
  const succ = successorIds(graph);
  const narratives: Narrative[] = built.narratives.map((n, k) => {
    const check = layeredCheck(graph.initial[0], succ, (y, t) => satisfiesFacts(graph, y, n.checkpoints[t - 1]), horizon);
    return { id: qid(k), checkpoints: n.checkpoints, label: check.witness ? "P" : "I", witness: check.witness, feasible: check.feasible };
  });
  const audit: PlausibilityAudit = { graph, narratives };
  return { answer: { plausibility_labels: narratives.map((n) => n.label).join("") }, audit };
}

function renderBody(m: MechanismModel, rules: EdgeRules, x0: InitialEpisode, horizon: number, built: Built): string {
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
    `Narratives (${built.narratives.length}):`,
    ...built.narratives.map((n, k) => `${qid(k)}: ${n.checkpoints.map((c, t) => `t=${t + 1}: ${c.map(factText).join(" AND ")}`).join("; ")}`),
    "",
    `Write the labels in query-id order, Q01 through Q${NARRATIVES}: P for plausible, I for implausible, exactly ${NARRATIVES} uppercase characters. Answer with one JSON object of this shape:`,
    JSON.stringify({ answer: { plausibility_labels: "X".repeat(NARRATIVES) } }),
  ].join("\n");
}

export const plausibility: TaskFamily = {
  id: "plausibility",
  title: "plausibility",
  answer: PlausibilityAnswer,
  bands: Object.fromEntries(LEVELS.map((l) => [l, `horizon ${LEVEL_SPEC[l].horizon}, ${LEVEL_SPEC[l].facts.join("-")} facts per checkpoint`])) as Record<Level, string>,
  levelOf(_complexity, auditData) {
    const a = PlausibilityAudit.parse(auditData);
    const sizes = a.narratives.flatMap((n) => n.checkpoints.map((c) => c.length));
    return LEVELS.find((l) => LEVEL_SPEC[l].horizon === a.graph.horizon && sizes.every((k) => k >= LEVEL_SPEC[l].facts[0] && k <= LEVEL_SPEC[l].facts[1])) ?? null;
  },

  *candidates(z, seed, wanted) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      for (const level of LEVELS.filter(wanted)) {
        const rng = keyedRandom(`${seed}/plausibility/${z.model.id}/${level}/${attempt}`);
        const { horizon, facts } = LEVEL_SPEC[level];
        const x0 = z.initial(attempt * LEVELS.length + LEVELS.indexOf(level));
        if (!x0) continue;
        const g = z.graph(x0, horizon);
        if (!g) continue;
        const built = buildNarratives(z.model, g, horizon, facts, rng);
        if (!built) continue;
        const candidate: FamilyCandidate = {
          complexity: built.narratives.reduce((n, q) => n + q.checkpoints.reduce((k, c) => k + c.length, 0), 0),
          level,
          query: () => goldOf(z.model, z.rules, x0, horizon, g, built),
          render: () => renderBody(z.model, z.rules, x0, horizon, built),
        };
        yield candidate;
      }
    }
  },

  valid(gold) {
    const labels = String(gold.answer.plausibility_labels);
    const p = [...labels].filter((c) => c === "P").length;
    return p === NARRATIVES / 2 ? null : `${p} plausible narratives, not ${NARRATIVES / 2}`;
  },

  recheck(model, auditData) {
    const audit = PlausibilityAudit.parse(auditData);
    const g = rebuildGraph(model, audit.graph);
    const succ = successorIds(g);
    const name = (x: number, v: number) => model.variables[v].cells[g.episodes[x].cells[v]];
    const labels = audit.narratives.map((n) =>
      layeredCheck(g.layers[0].episodes[0], succ, (y, t) => n.checkpoints[t - 1].every((f) => name(y, model.variableIndex.get(f.var) ?? -1) === f.cell), audit.graph.horizon).witness ? "P" : "I"
    );
    return { plausibility_labels: labels.join("") };
  },

  explain(_answer, auditData) {
    const a = PlausibilityAudit.parse(auditData);
    const out = [`${a.graph.episodes.length} episodes and ${a.graph.edges.length} edges within horizon ${a.graph.horizon} (scenario ${a.graph.scenario}).`];
    for (const n of a.narratives) {
      out.push(n.label === "P"
        ? `${n.id} P: witnessed by the path ${[a.graph.initial[0], ...n.witness!].join(" -> ")}`
        : `${n.id} I: feasible episodes per checkpoint ${n.feasible.map((f) => `{${f.join(", ")}}`).join(", ")}; none survives checkpoint ${n.feasible.length}`);
    }
    return out;
  },
};
