// Functional recovery (Definition 8, Table 7). Losing some of a scenario's declared
// initial-coordinate restrictions leaves a fault-belief library: every episode that
// satisfies the context and the restrictions still known. A repair policy names a set
// of library episodes (its possible outcomes); a contract gives goal and unsafe atoms.
// A policy is U if an outcome or a one-edge successor of one is unsafe, else D if some
// deadline episode (the successors, or the outcome itself when it has none) misses the
// goal, else R. D1–D4 show 1, 3, 5 and 15 policies, a seeded prefix of five U, five D
// and five R policies.
import type { EdgeRules } from "../../episode/rules.ts";
import { z } from "zod";
import type { MechanismModel } from "../../model/model.ts";
import { compile, compositeStates, type ExtraRestriction, findScenario } from "../../compile/compile.ts";
import { interpretations, solve } from "../../solve/solver.ts";
import { reach, type ReachGraph } from "../../episode/reach.ts";
import type { Episode } from "../../episode/episode.ts";
import { type FamilyCandidate, type Level, LEVELS, type TaskFamily } from "../family.ts";
import { MAX_TASK_EPISODES, type SemanticObjects } from "../semantic_objects.ts";
import { keyedRandom, type Random } from "../random.ts";
import { restrictionText } from "../render/model_text.ts";
import { episodeLines, episodeModelLines } from "../render/episode_text.ts";
import { auditGraph, Fact, factText, TaskGraph, rebuildGraph, satisfiesFacts, successorIds } from "./episode_common.ts";
import { cellByName, namedCells, variableByName } from "./audit_names.ts";

export const PLANS: Record<Level, number> = { D1: 1, D2: 3, D3: 5, D4: 15 };
export const PER_LABEL = 5;
export const LIBRARY = { min: 4, max: 32 };
export const ATTEMPTS = 12;

export const FunctionalRecoveryAnswer = z.object({ plan_statuses: z.string().regex(/^[UDR]+$/) }).strict();

const NamedRestriction = z.object({ var: z.string(), cells: z.array(z.string()).min(1) }).strict();
const Policy = z.object({
  id: z.string(),
  /** Outcome episodes as ids of the graph (its layer 0 is the library, in display order). */
  outcomes: z.array(z.int().min(0)).min(1),
  status: z.enum(["U", "D", "R"]),
  /** Per outcome: unsafe itself, its successors, the deadline episodes that miss the goal. */
  verdicts: z.array(z.object({ outcome: z.int(), unsafe: z.boolean(), successors: z.array(z.int()), unsafe_successors: z.array(z.int()), deadline_failures: z.array(z.int()) }).strict()),
  effects: z.int().min(0),
}).strict();
type Policy = z.infer<typeof Policy>;

export const FunctionalRecoveryAudit = z.object({
  lost: z.array(NamedRestriction).min(1),
  kept: z.array(NamedRestriction),
  goal: z.array(Fact).min(1),
  unsafe: z.array(Fact).min(1),
  /** Layer 0: the library; the edges: every admissible one-edge successor of it. */
  graph: TaskGraph,
  policies: z.array(Policy).min(1),
}).strict();
type FunctionalRecoveryAudit = z.infer<typeof FunctionalRecoveryAudit>;

interface Contract {
  goal: Fact[];
  unsafe: Fact[];
}

/** Definition 8 over a graph whose layer 0 is the library: each policy's status and evidence. */
export function judgePolicies(g: TaskGraph, contract: Contract, outcomeSets: readonly (readonly number[])[]): Policy[] {
  const succ = successorIds(g);
  const edgesFrom = g.episodes.map(() => 0);
  for (const e of g.edges) edgesFrom[e.source]++;
  return outcomeSets.map((outcomes, k) => {
    const verdicts = outcomes.map((o) => {
      const dead = succ[o].length ? succ[o] : [o];
      return {
        outcome: o,
        unsafe: satisfiesFacts(g, o, contract.unsafe),
        successors: [...succ[o]],
        unsafe_successors: succ[o].filter((x) => satisfiesFacts(g, x, contract.unsafe)),
        deadline_failures: dead.filter((x) => !satisfiesFacts(g, x, contract.goal)),
      };
    });
    const status = verdicts.some((v) => v.unsafe || v.unsafe_successors.length) ? "U" : verdicts.some((v) => v.deadline_failures.length) ? "D" : "R";
    return { id: `R${String(k + 1).padStart(2, "0")}`, outcomes: [...outcomes], status, verdicts, effects: outcomes.reduce((n, o) => n + edgesFrom[o], 0) };
  });
}

const libraries = new WeakMap<SemanticObjects, Map<string, Episode[] | null>>();

/** Every episode satisfying the scenario's context and `known`, in canonical order; null past `max`. Memoized per mechanism. */
function library(z: SemanticObjects, scenario: string, known: ExtraRestriction[], max: number): Episode[] | null {
  let memo = libraries.get(z);
  if (!memo) libraries.set(z, (memo = new Map()));
  const key = `${scenario}|${max}|${known.map((r) => `${r.var}:${r.cells.join(",")}`).join(";")}`;
  if (!memo.has(key)) memo.set(key, enumerateLibrary(z, scenario, known, max));
  return memo.get(key)!;
}

function enumerateLibrary(z: SemanticObjects, scenario: string, known: ExtraRestriction[], max: number): Episode[] | null {
  const sc = findScenario(z.model, scenario);
  const rs = [...sc.context, ...known].map((r) => ({ var: r.var, cells: [...r.cells] }));
  const counts: bigint[] = [];
  let total = 0n;
  for (let i = 0; i < z.states.length; i++) {
    counts.push(z.count(i, rs));
    if ((total += counts[i]) > BigInt(max)) return null;
  }
  const out: Episode[] = [];
  z.states.forEach((s, i) => {
    if (counts[i] === 0n) return;
    for (const cells of interpretations(solve(compile(z.model, s, scenario, known, { contextOnly: true }).problem))) out.push({ state: s, cells });
  });
  return out;
}

/**
 * What the fault leaves known: the scenario's case restrictions not lost, and the cell
 * the reference start x0 gives every other integrated coordinate (positions, speeds,
 * temperatures: the initial coordinates of the start). Dependent quantities follow
 * from the laws.
 */
export function knownRestrictions(z: SemanticObjects, scenario: string, x0: Episode, lost: readonly ExtraRestriction[], kept: readonly ExtraRestriction[]): ExtraRestriction[] {
  const table = z.session(scenario).table;
  const lostVars = new Set(lost.map((r) => r.var));
  const keptVars = new Set(kept.map((r) => r.var));
  const start = table.coords
    .map((c, v) => ({ c, v }))
    .filter(({ c, v }) => c.kind === "integrated" && !lostVars.has(v) && !keptVars.has(v))
    .map(({ v }) => ({ var: v, cells: [x0.cells[v]], source: "start" }));
  return [...kept, ...start].sort((a, b) => a.var - b.var);
}

interface Built {
  scenario: string;
  rules: EdgeRules;
  /** The scenario's case restrictions the fault leaves: the universe's case under the paper profile. */
  caseKept: ExtraRestriction[];
  lost: ExtraRestriction[];
  kept: ExtraRestriction[];
  graph: ReachGraph;
  contract: Contract;
  policies: number[][];
}

function build(z: SemanticObjects, rng: Random, plans: number): Built | null {
  const m = z.model;
  const withCases = m.scenarios.filter((s) => s.restrict.length);
  if (!withCases.length) return null;
  const sc = rng.pick(withCases);
  const order = rng.shuffle(sc.restrict);
  const lostCount = rng.between(1, order.length);
  const lost = order.slice(0, lostCount).map((r) => ({ var: r.var, cells: [...r.cells], source: "lost" }));
  const x0 = z.drawInitialEpisode(rng, sc.id);
  if (!x0) return null;
  // The case restrictions not lost; when that belief is too wide to list, also the
  // start's other initial coordinates (knownRestrictions).
  const caseKept = order.slice(lostCount).map((r) => ({ var: r.var, cells: [...r.cells], source: "kept" }));
  let kept: ExtraRestriction[] = caseKept;
  let lib = library(z, sc.id, kept, LIBRARY.max);
  if (!lib) {
    kept = knownRestrictions(z, sc.id, x0.episode, lost, caseKept);
    lib = library(z, sc.id, kept, LIBRARY.max);
  }
  if (!lib || lib.length < LIBRARY.min) return null;
  let graph: ReachGraph;
  try {
    graph = reach(z.session(sc.id, caseKept), lib, 1, { maxEpisodes: MAX_TASK_EPISODES });
  } catch {
    return null;
  }
  const g = auditGraph(m, sc.id, z.profile, 1, graph);
  const libIds = graph.layers[0].episodes;
  const observable = m.variables.map((_, v) => v).filter((v) => m.variables[v].kind !== "parameter" && new Set(g.episodes.map((e) => e.cells[v])).size > 1);
  if (!observable.length) return null;
  const someFact = (): Fact => {
    const v = rng.pick(observable);
    return { var: m.variables[v].name, cell: m.variables[v].cells[g.episodes[rng.int(g.episodes.length)].cells[v]] };
  };
  for (let tries = 0; tries < 200; tries++) {
    const goal = [someFact(), ...(rng.next() < 0.5 ? [someFact()] : [])].filter((f, i, a) => a.findIndex((x) => x.var === f.var) === i);
    const unsafe = [someFact()].filter((f) => !goal.some((x) => x.var === f.var && x.cell === f.cell));
    if (!unsafe.length) continue;
    const single = judgePolicies(g, { goal, unsafe }, libIds.map((o) => [o]));
    const by = (s: string) => libIds.filter((_, k) => single[k].status === s);
    const u = by("U"), d = by("D"), r = by("R");
    if (r.length < 3 || d.length < 1 || u.length < 1) continue;
    const subsets = (must: number[], may: number[]) => {
      const out = new Map<string, number[]>();
      for (let t = 0; t < 60 && out.size < PER_LABEL; t++) {
        const size = rng.between(1, 3);
        const pick = [rng.pick(must), ...rng.shuffle(may).slice(0, size - 1)];
        const set = [...new Set(pick)].sort((a, b) => a - b);
        out.set(set.join(","), set);
      }
      return out.size === PER_LABEL ? [...out.values()] : null;
    };
    const R = subsets(r, r), D = subsets(d, [...d, ...r]), U = subsets(u, libIds);
    if (!R || !D || !U) continue;
    const policies = rng.shuffle([...U, ...D, ...R]).slice(0, plans);
    return { scenario: sc.id, rules: z.rules, caseKept, lost, kept, graph, contract: { goal, unsafe }, policies };
  }
  return null;
}

function goldOf(m: MechanismModel, b: Built) {
  const g = auditGraph(m, b.scenario, b.rules.profile, 1, b.graph);
  const policies = judgePolicies(g, b.contract, b.policies);
  const named = (r: ExtraRestriction) => ({ var: m.variables[r.var].name, cells: namedCells(m, r.var, r.cells) });
  const audit: FunctionalRecoveryAudit = { lost: b.lost.map(named), kept: b.kept.map(named), goal: b.contract.goal, unsafe: b.contract.unsafe, graph: g, policies };
  return { answer: { plan_statuses: policies.map((p) => p.status).join("") }, audit };
}

const eid = (k: number) => `E${String(k + 1).padStart(2, "0")}`;

function renderBody(m: MechanismModel, b: Built): string {
  const lib = b.graph.layers[0].episodes;
  return [
    "Classify one-step temporal functional recovery for a qualitative mechanism.",
    "",
    "A fault has removed some of the restrictions that fixed where the mechanism started. The episode library below is the complete uncertainty set: every episode that satisfies the operating context and the restrictions still known.",
    "Each repair policy names its complete set of possible post-repair outcomes (library episodes). Judge each policy on its own, universally over every outcome it names.",
    "For each outcome, derive every admissible successor after exactly one episode edge. The deadline episodes of an outcome are its successors, or the outcome itself when it has none (a hold for the deadline check only, not an edge).",
    "A policy is unsafe (U) if any of its outcomes, or any successor of one, satisfies all unsafe atoms; otherwise it misses the deadline (D) if any deadline episode of any of its outcomes fails a goal atom; otherwise it recovers (R).",
    "",
    ...episodeModelLines(m, b.scenario, b.rules, b.caseKept),
    "",
    `Fault: loss of declared initial-coordinate restrictions; lost: ${b.lost.map((r) => restrictionText(m, r)).join(" and ")}; still known: ${b.kept.length ? b.kept.map((r) => restrictionText(m, r)).join(" and ") : "none"}.`,
    "",
    `Episode library (${lib.length}):`,
    ...lib.flatMap((id, k) => episodeLines(m, eid(k), b.graph.episodes[id])),
    "",
    `Contract: horizon and deadline are both 1; goal atoms (all required): ${b.contract.goal.map(factText).join(" AND ")}; unsafe atoms (unsafe when all hold): ${b.contract.unsafe.map(factText).join(" AND ")}.`,
    "",
    `Repair policies (${b.policies.length}):`,
    ...b.policies.map((p, k) => `R${String(k + 1).padStart(2, "0")} names the outcome episodes ${p.map((id) => eid(lib.indexOf(id))).join(", ")}.`),
    "",
    `Return one status per policy in displayed order (R01 first): U, D or R, exactly ${b.policies.length} uppercase character${b.policies.length === 1 ? "" : "s"}. Answer with one JSON object of this shape:`,
    JSON.stringify({ answer: { plan_statuses: "X".repeat(b.policies.length) } }),
  ].join("\n");
}

export const functionalRecovery: TaskFamily = {
  id: "functional_recovery",
  title: "functional recovery",
  answer: FunctionalRecoveryAnswer,
  bands: Object.fromEntries(LEVELS.map((l) => [l, `${PLANS[l]} plan${PLANS[l] === 1 ? "" : "s"}`])) as Record<Level, string>,
  levelOf: (_w, auditData) => {
    const n = FunctionalRecoveryAudit.parse(auditData).policies.length;
    return LEVELS.find((l) => PLANS[l] === n) ?? null;
  },

  *candidates(z, seed, wanted) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      for (const level of LEVELS.filter(wanted)) {
        const b = build(z, keyedRandom(`${seed}/functional_recovery/${z.model.id}/${level}/${attempt}`), PLANS[level]);
        if (!b) continue;
        const edgesFrom = new Map<number, number>();
        for (const e of b.graph.edges) edgesFrom.set(e.source, (edgesFrom.get(e.source) ?? 0) + 1);
        const candidate: FamilyCandidate = {
          complexity: b.policies.length + b.policies.reduce((n, p) => n + p.reduce((k, o) => k + (edgesFrom.get(o) ?? 0), 0), 0),
          level,
          query: () => goldOf(z.model, b),
          render: () => renderBody(z.model, b),
        };
        yield candidate;
      }
    }
  },

  valid(gold) {
    const audit = gold.audit as FunctionalRecoveryAudit;
    if (audit.policies.length === 15 && ["U", "D", "R"].some((s) => audit.policies.filter((p) => p.status === s).length !== PER_LABEL)) return "fifteen policies without five of each status";
    return null;
  },

  recheck(model, auditData) {
    const audit = FunctionalRecoveryAudit.parse(auditData);
    // the library must still be exhaustive under the catalog
    const kept = audit.kept.map((r) => {
      const v = variableByName(model, r.var);
      return { var: v, cells: r.cells.map((c) => cellByName(model, v, c)), source: "kept" };
    });
    const lostVars = new Set(audit.lost.map((r) => r.var));
    const caseKept = findScenario(model, audit.graph.scenario).restrict.filter((r) => !lostVars.has(model.variables[r.var].name)).map((r) => ({ var: r.var, cells: [...r.cells], source: "kept" }));
    const g = rebuildGraph(model, audit.graph, caseKept);
    const again = auditGraph(model, audit.graph.scenario, audit.graph.rules, 1, g);
    const fresh = new Set<string>();
    for (const s of compositeStates(model)) {
      for (const cells of interpretations(solve(compile(model, s, audit.graph.scenario, kept, { contextOnly: true }).problem))) fresh.add(JSON.stringify([s, cells]));
    }
    const shown = new Set(g.layers[0].episodes.map((id) => JSON.stringify([g.episodes[id].state, g.episodes[id].cells])));
    if (fresh.size !== shown.size || [...fresh].some((k) => !shown.has(k))) throw new Error(`the library has ${shown.size} episodes, the catalog gives ${fresh.size} under the known restrictions`);
    return { plan_statuses: judgePolicies(again, { goal: audit.goal, unsafe: audit.unsafe }, audit.policies.map((p) => p.outcomes)).map((p) => p.status).join("") };
  },

  explain(_answer, auditData) {
    const a = FunctionalRecoveryAudit.parse(auditData);
    const lib = a.graph.layers[0].episodes;
    // library episodes by their prompt labels, successors by graph id
    const name = (id: number) => (lib.includes(id) ? eid(lib.indexOf(id)) : `episode ${id}`);
    const names = (ids: number[]) => ids.map(name).join(", ");
    const out = [`library of ${lib.length} episodes; ${a.graph.edges.length} one-edge successors in all; goal ${a.goal.map(factText).join(" AND ")}; unsafe ${a.unsafe.map(factText).join(" AND ")}`];
    for (const p of a.policies) {
      out.push(`${p.id} ${p.status}: outcomes ${names(p.outcomes)}`);
      for (const v of p.verdicts) {
        out.push(`  ${name(v.outcome)}: ${v.unsafe ? "unsafe itself; " : ""}${v.successors.length} successor${v.successors.length === 1 ? "" : "s"}` +
          `${v.unsafe_successors.length ? `, unsafe: ${names(v.unsafe_successors)}` : ""}${v.deadline_failures.length ? `, missing the goal at the deadline: ${names(v.deadline_failures)}` : ""}`);
      }
    }
    return out;
  },
};
