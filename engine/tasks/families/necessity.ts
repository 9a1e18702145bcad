// Necessity (Definition 6, Table 7): four claims over one exact reachable edge set that
// the prompt supplies in normalized form. A claim (SOURCE facts ⇒ one of the TARGET
// alternatives) is necessary (N) iff every supplied edge whose source satisfies all
// SOURCE facts has a target satisfying some alternative; at least one edge must
// support each claim. Two N and two U claims per task. The prompt carries the model, the
// edge rules and the scenario's restrictions the graph was built under, so its claim that
// the graph is the exact one reachable from its initial episode can be checked.
import { z } from "zod";
import type { MechanismModel } from "../../model/model.ts";
import { multiStateInstances } from "../../model/model.ts";
import { bandLevels, bandOf, type FamilyCandidate, type Level, LEVELS, type TaskFamily } from "../family.ts";
import type { InitialEpisode, SemanticObjects } from "../semantic_objects.ts";
import { keyedRandom, type Random } from "../../files/random.ts";
import type { ReachGraph } from "../../episode/reach.ts";
import { auditGraph, Fact, TaskGraph, rebuildGraph, satisfiesFacts } from "./episode_common.ts";
import type { EdgeRules } from "../../episode/rules.ts";
import { episodeModelLines } from "../render/episode_text.ts";
import { horizonEdgesText } from "../render/horizon_text.ts";

export const CLAIMS = 4;
export const NecessityAnswer = z.object({ necessity_labels: z.string().regex(new RegExp(`^[NU]{${CLAIMS}}$`)) }).strict();

const Claim = z.object({
  id: z.string(),
  source: z.array(Fact).min(3).max(4),
  target: z.array(Fact).min(2).max(3),
  label: z.enum(["N", "U"]),
  /** Supp(q): ids of the edges whose source satisfies every SOURCE fact. */
  support: z.array(z.int().min(0)).min(1),
  /** CE(q): supported edges whose target satisfies no alternative. */
  counterexamples: z.array(z.int().min(0)),
}).strict();
type Claim = z.infer<typeof Claim>;

export const NecessityAudit = z.object({ graph: TaskGraph, claims: z.array(Claim).length(CLAIMS) }).strict();
type NecessityAudit = z.infer<typeof NecessityAudit>;

/** Frozen bands on |A_reach|, the distinct edges supplied. */
export const BANDS: Record<Level, [number, number]> = { D1: [1, 8], D2: [9, 32], D3: [33, 128], D4: [129, Infinity] };
/**
 * Horizons tried per initial episode, shallowest first (the paper fixes none for this
 * family; its example has horizon 1). A deeper graph holds the shallower one, so horizon 3
 * lets the smaller mechanisms reach D3–D4 (electrical_resistor: at most 58 edges at 2, 170 at 3).
 */
export const HORIZONS = [1, 2, 3];
/** Initial episodes of the shared pool tried per mechanism (each gives at most one candidate per level). */
export const ATTEMPTS = 64;

/** Definition 6 by direct quantification over an edge list. */
export function judge(g: TaskGraph, source: readonly Fact[], target: readonly Fact[]): { support: number[]; counterexamples: number[] } {
  const support = supportOf(g, source);
  return { support, counterexamples: counterexamplesIn(g, support, target) };
}

/** The edges whose source satisfies every fact. */
function supportOf(g: TaskGraph, source: readonly Fact[]): number[] {
  const out: number[] = [];
  for (let id = 0; id < g.edges.length; id++) if (satisfiesFacts(g, g.edges[id].source, source)) out.push(id);
  return out;
}

/** The edges of `support` whose target satisfies none of `target`. */
function counterexamplesIn(g: TaskGraph, support: readonly number[], target: readonly Fact[]): number[] {
  return support.filter((id) => !target.some((f) => satisfiesFacts(g, g.edges[id].target, [f])));
}

interface Mined {
  source: Fact[];
  target: Fact[];
}

function mine(m: MechanismModel, g: TaskGraph, rng: Random): Mined[] | null {
  const coords = m.variables.map((_, i) => i).filter((i) => m.variables[i].kind !== "parameter");
  const varying = coords.filter((v) => new Set(g.episodes.map((e) => e.cells[v])).size > 1);
  if (varying.length < 3) return null;
  const fact = (v: number, cell: number): Fact => ({ var: m.variables[v].name, cell: m.variables[v].cells[cell] });
  const antecedent = (edge: number): Fact[] => {
    const e = g.episodes[g.edges[edge].source];
    const k = Math.min(rng.between(3, 4), varying.length);
    return rng.shuffle(varying).slice(0, k).sort((a, b) => a - b).map((v) => fact(v, e.cells[v]));
  };
  const deepest = new Set(g.layers[g.horizon - 1].episodes);
  const targetFacts = (edges: number[]) => {
    const out = new Map<string, Fact>();
    for (const id of edges) for (const v of varying) out.set(`${v}=${g.episodes[g.edges[id].target].cells[v]}`, fact(v, g.episodes[g.edges[id].target].cells[v]));
    return [...out.values()];
  };
  const key = (c: Mined) => JSON.stringify(c);
  const seen = new Set<string>();
  const necessary: Mined[] = [], unnecessary: Mined[] = [];
  // U claims start from an edge out of the deepest expanded layer, so a counterexample lies there
  const anyEdge = g.edges.map((_, id) => id);
  const deepEdge = anyEdge.filter((id) => deepest.has(g.edges[id].source));
  for (let tries = 0; tries < 300 && (necessary.length < CLAIMS / 2 || unnecessary.length < CLAIMS / 2); tries++) {
    const wantN = necessary.length < CLAIMS / 2 && (unnecessary.length >= CLAIMS / 2 || tries % 2 === 0);
    const pool = wantN ? anyEdge : deepEdge;
    if (!pool.length) continue;
    const seedEdge = rng.pick(pool);
    const source = antecedent(seedEdge);
    const support = supportOf(g, source);
    const candidates = targetFacts(support);
    const k = rng.between(2, 3);
    if (candidates.length < k) continue;
    let target: Fact[] | null = null;
    for (let t = 0; t < 40 && !target; t++) {
      const pick = rng.shuffle(candidates).slice(0, k);
      const counterexamples = counterexamplesIn(g, support, pick);
      if (wantN) {
        // necessary, and every alternative needed: dropping any one leaves a counterexample
        if (counterexamples.length === 0 && pick.every((_, j) => counterexamplesIn(g, support, pick.filter((_, i) => i !== j)).length > 0)) target = pick;
      } else if (counterexamples.some((id) => deepest.has(g.edges[id].source)) && counterexamples.length < support.length) {
        target = pick;
      }
    }
    if (!target) continue;
    const claim = { source, target };
    if (seen.has(key(claim))) continue;
    seen.add(key(claim));
    (wantN ? necessary : unnecessary).push(claim);
  }
  if (necessary.length < CLAIMS / 2 || unnecessary.length < CLAIMS / 2) return null;
  return rng.shuffle([...necessary, ...unnecessary]);
}

const qid = (k: number) => `Q${String(k + 1).padStart(2, "0")}`;

/** The normalized graph: aliases, constant cells once, distinct states once, nodes and edges by row index. */
function graphLines(m: MechanismModel, g: TaskGraph): { lines: string[]; alias: (name: string) => string } {
  const aliasOf = new Map(m.variables.map((v, i) => [v.name, `v${i + 1}`]));
  const constant = m.variables.map((_, v) => new Set(g.episodes.map((e) => e.cells[v])).size === 1);
  const columns = m.variables.map((_, v) => v).filter((v) => !constant[v]);
  const states = [...new Set(g.episodes.map((e) => JSON.stringify(e.state)))];
  const causes = [...new Set(g.edges.map((e) => JSON.stringify(e.cause)))];
  const code = (_v: number, cell: number) => cell;
  const lines = [
    `Variables (${m.variables.length}), aliased; each lists its cells with their codes:`,
    ...m.variables.map((v, i) => `v${i + 1} = ${v.name}: ${v.cells.map((c, k) => `${k}=${c}`).join(" ")}`),
    "",
    `Cells shared by every node: ${m.variables.map((_, v) => v).filter((v) => constant[v]).map((v) => `v${v + 1}=${code(v, g.episodes[0].cells[v])}`).join(" ")}`,
    `Node columns (the codes of these variables, in this order): ${columns.map((v) => `v${v + 1}`).join(" ")}`,
    "",
    `Composite states (${states.length}) of the multi-state components ${multiStateInstances(m).map((i) => i.name).join(", ")}:`,
    ...states.map((s, k) => `S${k}: ${Object.entries(JSON.parse(s) as Record<string, string>).map(([c, st]) => `${c}.${st}`).join(", ")}`),
    "",
    `Nodes (${g.episodes.length}; node N${g.initial[0]} is the initial episode):`,
    ...g.episodes.map((e, k) => `N${k}: S${states.indexOf(JSON.stringify(e.state))} | ${columns.map((v) => code(v, e.cells[v])).join(" ")}`),
    "",
    `Causes (${causes.length}):`,
    ...causes.map((c, k) => {
      const cause = JSON.parse(c) as TaskGraph["edges"][number]["cause"];
        return `C${k}: ${cause.kind}${cause.events.length ? " " + cause.events.map((e) => `${aliasOf.get(e.var)} ${e.from}->${e.to}`).join(", ") : ""}`;
    }),
    "",
    `Edges (${g.edges.length}), source -> target (cause):`,
    ...g.edges.map((e, k) => `E${k}: N${e.source} -> N${e.target} (C${causes.indexOf(JSON.stringify(e.cause))})`),
  ];
  return { lines, alias: (name) => aliasOf.get(name)! };
}

function renderBody(m: MechanismModel, rules: EdgeRules, g: TaskGraph, claims: Mined[]): string {
  const { lines, alias } = graphLines(m, g);
  const h = g.horizon;
  return [
    "Classify bounded temporal necessity claims.",
    "",
    `The exact episode graph of the mechanism ${m.id} reachable from its initial episode within ${h} edge${h === 1 ? "" : "s"} (the horizon) is supplied below: ${horizonEdgesText(h)}; each is an edge that the episode-graph rules below admit for the model, transitions and scenario restrictions below, and no admissible edge out of those episodes is left out.`,
    `It is normalized without loss: variables are aliased v1 … v${m.variables.length} (the alias list gives each one's full name); a node lists the codes of the variables that differ between nodes (the others are shared by every node) and its composite state; node, state, cause and edge numbers are zero-based row indices.`,
    `The graph has ${g.episodes.length} nodes and ${g.edges.length} distinct edges. Judge the claims over exactly these edges.`,
    "A claim IF SOURCE facts THEN TARGET alternatives is about the supplied edges whose source node satisfies every SOURCE fact; each claim has at least one such edge.",
    "A claim is necessary (N) exactly when every such edge has a target node satisfying at least one TARGET alternative, and not necessary (U) when some such edge's target satisfies none of them (a counterexample).",
    "",
    ...episodeModelLines(m, g.scenario, rules),
    "",
    `The horizon is ${h}.`,
    ...lines,
    "",
    `Claims (${claims.length}):`,
    ...claims.map((c, k) => `${qid(k)}: IF ${c.source.map((f) => `SOURCE ${alias(f.var)}=${f.cell}`).join(" AND ")}, THEN ${c.target.map((f) => `TARGET ${alias(f.var)}=${f.cell}`).join(" OR ")}`),
    "",
    `Return N when a claim has no counterexample and U when it has one, in query-id order, Q01 through Q${CLAIMS.toString().padStart(2, "0")}: exactly ${CLAIMS} uppercase characters. Answer with one JSON object of this shape:`,
    JSON.stringify({ answer: { necessity_labels: "X".repeat(CLAIMS) } }),
  ].join("\n");
}

function goldOf(g: TaskGraph, claims: Mined[]) {
  const out: Claim[] = claims.map((c, k) => {
    const { support, counterexamples } = judge(g, c.source, c.target);
    return { id: qid(k), source: c.source, target: c.target, label: counterexamples.length ? "U" : "N", support, counterexamples };
  });
  const audit: NecessityAudit = { graph: g, claims: out };
  return { answer: { necessity_labels: out.map((c) => c.label).join("") }, audit };
}

/**
 * The candidate over x0's graph at this horizon (claims drawn from the stream of the attempt and horizon), or
 * null when the graph yields no two-two claim set. Exported for the tests' hand-built cases.
 */
export function necessityCandidate(z: SemanticObjects, seed: string, attempt: number, x0: InitialEpisode, horizon: number, rg: ReachGraph): FamilyCandidate | null {
  const rng = keyedRandom(`${seed}/necessity/${z.model.id}/${attempt}/${horizon}`);
  const g = auditGraph(z.model, x0.scenario, z.profile, horizon, rg);
  const claims = mine(z.model, g, rng);
  if (!claims) return null;
  return {
    complexity: g.edges.length,
    level: bandOf(BANDS, g.edges.length),
    query: () => goldOf(g, claims),
    render: () => renderBody(z.model, z.rules, g, claims),
  };
}

export const necessity: TaskFamily = {
  id: "necessity",
  title: "necessity",
  answer: NecessityAnswer,
  ...bandLevels(BANDS),

  *candidates(z: SemanticObjects, seed: string, wanted) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const x0: InitialEpisode | null = z.initial(attempt);
      if (!x0) continue;
      // one candidate per level the episode's graphs reach, at the shallowest horizon that
      // lands there with room and yields claims; deeper only while the graph's level or one
      // above has room (A^{≤H} ⊆ A^{≤H+1}: a deeper graph is never smaller) and the graph
      // still grows (else it is closed)
      const taken = new Set<Level>();
      let edges = 0;
      for (const horizon of HORIZONS) {
        const rg: ReachGraph | null = z.graph(x0, horizon);
        if (!rg || rg.edges.length === edges) break;
        edges = rg.edges.length;
        const level = bandOf(BANDS, edges)!; // the bands cover every count from 1
        const c = wanted(level) && !taken.has(level) ? necessityCandidate(z, seed, attempt, x0, horizon, rg) : null;
        if (c) {
          taken.add(level);
          yield c;
        }
        if (!LEVELS.slice(LEVELS.indexOf(level)).some(wanted)) break;
      }
    }
  },

  valid(gold) {
    const labels = String(gold.answer.necessity_labels);
    const n = [...labels].filter((c) => c === "N").length;
    return n === CLAIMS / 2 ? null : `${n} necessary claims, not ${CLAIMS / 2}`;
  },

  recheck(model, auditData, sessions) {
    const audit = NecessityAudit.parse(auditData);
    const again = auditGraph(model, audit.graph.scenario, audit.graph.rules, audit.graph.horizon, rebuildGraph(model, audit.graph, undefined, sessions));
    if (again.edges.length !== audit.graph.edges.length) throw new Error(`the catalog gives ${again.edges.length} edges, the audit ${audit.graph.edges.length}`);
    return { necessity_labels: audit.claims.map((c) => (judge(again, c.source, c.target).counterexamples.length ? "U" : "N")).join("") };
  },

  explain(_answer, auditData) {
    const a = NecessityAudit.parse(auditData);
    const out = [`${a.graph.episodes.length} nodes and ${a.graph.edges.length} edges within horizon ${a.graph.horizon} (scenario ${a.graph.scenario}).`];
    for (const c of a.claims) {
      out.push(`${c.id} ${c.label}: ${c.support.length} supporting edge${c.support.length === 1 ? "" : "s"}` +
        (c.counterexamples.length ? `; counterexamples ${c.counterexamples.map((id) => `E${id} (N${a.graph.edges[id].source} -> N${a.graph.edges[id].target})`).join(", ")}` : "; every target satisfies an alternative"));
    }
    return out;
  },
};
