// Functional recovery (Definition 8, Table 7). Losing some of a scenario's declared
// initial-coordinate restrictions leaves a fault-belief library: every episode that
// satisfies the context and the restrictions still known (recovery_fault.ts). A repair
// policy names a set of library episodes (its possible outcomes); a contract gives goal
// and unsafe atoms. A policy is U if an outcome or a one-edge successor of one is
// unsafe, else D if some deadline episode (the successors, or the outcome itself when
// it has none) misses the goal, else R (recovery_policies.ts). D1–D4 show 1, 3, 5 and
// 15 policies, a seeded prefix of up to five U, five D and five R policies (all fifteen
// at D4). Admission: the fault is not vacuous; above D1 a displayed policy is decided by
// its successors, and one names an outcome without successors when the library has one.
import type { EdgeRules } from "../../episode/rules.ts";
import { z } from "zod";
import type { MechanismModel } from "../../model/model.ts";
import { compile, type ExtraRestriction, findScenario } from "../../compile/compile.ts";
import { countRestricted } from "../../solve/solver.ts";
import { admissible } from "../../solve/semantics.ts";
import type { Problem } from "../../compile/problem.ts";
import { RecheckSessions } from "../recheck_sessions.ts";
import { reach, type ReachGraph, ReachLimitError } from "../../episode/reach.ts";
import { SessionLimitError } from "../../episode/session.ts";
import { type FamilyCandidate, type Level, LEVELS, type TaskFamily } from "../family.ts";
import type { SemanticObjects } from "../semantic_objects.ts";
import { keyedRandom, type Random } from "../../files/random.ts";
import { restrictionText } from "../render/model_text.ts";
import { episodeModelLines } from "../render/episode_text.ts";
import { libraryLines } from "../render/library_text.ts";
import { auditGraph, cellOf, Fact, factText, TaskGraph, rebuildGraph } from "./episode_common.ts";
import { cellByName, namedCells, variableByName } from "./audit_names.ts";
import { drawFault } from "./recovery_fault.ts";
import { type Contract, drawPolicies, judgePolicies, orderPolicies, PER_LABEL, Policy, statusCounts, verdicts } from "./recovery_policies.ts";

export const PLANS: Record<Level, number> = { D1: 1, D2: 3, D3: 5, D4: 15 };
/** Candidate draws per level; a pool stops drawing once its cells are full. */
export const ATTEMPTS = 40;
/** Contract draws per candidate. */
const CONTRACTS = 200;
/**
 * The library and its one-edge successors, at most (else the candidate is dropped). The
 * prompt shows only the library (LIBRARY bounds it), so this bound is on generation
 * work, not on prompt length: looser than the shared MAX_TASK_EPISODES.
 */
export const GRAPH_EPISODES = 1000;

export const FunctionalRecoveryAnswer = z.object({ plan_statuses: z.string().regex(/^[UDR]+$/) }).strict();

const NamedRestriction = z.object({ var: z.string(), cells: z.array(z.string()).min(1) }).strict();

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

interface Built {
  scenario: string;
  rules: EdgeRules;
  /** The scenario's case restrictions the fault leaves: the universe's case under the paper profile. */
  caseKept: ExtraRestriction[];
  lost: ExtraRestriction[];
  kept: ExtraRestriction[];
  graph: ReachGraph;
  /** The same graph in audit form (the contract is drawn on it, the gold judged on it). */
  taskGraph: TaskGraph;
  contract: Contract;
  /** The displayed policies' outcome sets, as graph ids. */
  policies: number[][];
}

/**
 * The contract and the displayed policies over one library graph. Contracts are drawn
 * (goal: 1–2 atoms, unsafe: 1 atom, on non-parameter variables whose cell varies over
 * the graph) in up to three passes of CONTRACTS draws, until the policies drawn under
 * one (drawPolicies) admit a displayed prefix (orderPolicies): first five distinct
 * policies of each status (the only pass at D4: Table 7's five each); at D1–D3, when no
 * draw gives that, at least one of each status; then two statuses (a library like the
 * two-body equilibrium cannot tell D from R: every outcome's deadline episode is the
 * same). Null when no draw does.
 */
export function chooseContract(m: MechanismModel, g: TaskGraph, rng: Random, plans: number): { contract: Contract; policies: number[][] } | null {
  const observable = g.variables.map((_, v) => v).filter((v) => m.variables[v].kind !== "parameter" && new Set(g.episodes.map((_, id) => cellOf(g, id, v))).size > 1);
  if (!observable.length) return null;
  const someFact = (): Fact => {
    const v = rng.pick(observable);
    return { var: g.variables[v].name, cell: cellOf(g, rng.int(g.episodes.length), v) };
  };
  const hold = g.layers[0].episodes.some((id) => !g.edges.some((e) => e.source === id));
  // successors can decide a status only through an edge that changes an observable cell
  if (plans > 1 && !g.edges.some((e) => observable.some((v) => g.episodes[e.source].cells[v] !== g.episodes[e.target].cells[v]))) return null;
  // passes, most demanding first: five policies of each status; all three statuses; two
  for (const need of plans === 15 ? [PER_LABEL] : [PER_LABEL, 1, 0]) {
    for (let tries = 0; tries < CONTRACTS; tries++) {
      const goal = [someFact(), ...(rng.next() < 0.5 ? [someFact()] : [])].filter((f, i, a) => a.findIndex((x) => x.var === f.var) === i);
      const unsafe = [someFact()].filter((f) => !goal.some((x) => x.var === f.var && x.cell === f.cell));
      if (!unsafe.length) continue;
      const vs = verdicts(g, { goal, unsafe });
      if (new Set(vs.map((v) => v.status)).size < (need ? 3 : 2)) continue;
      const drawn = drawPolicies(rng, vs);
      if (Object.values(statusCounts(drawn)).some((n) => n < need)) continue;
      const shown = orderPolicies(rng, drawn, plans, hold);
      if (shown) return { contract: { goal, unsafe }, policies: shown.map((p) => p.map((v) => v.id)) };
    }
  }
  return null;
}

function build(z: SemanticObjects, rng: Random, plans: number): Built | null {
  const fault = drawFault(z, rng);
  if (!fault) return null;
  let graph: ReachGraph;
  try {
    graph = reach(z.session(fault.scenario, fault.caseKept), fault.library, 1, { maxEpisodes: GRAPH_EPISODES });
  } catch (e) {
    if (e instanceof ReachLimitError || e instanceof SessionLimitError) return null;
    throw e;
  }
  const taskGraph = auditGraph(z.model, fault.scenario, z.profile, 1, graph);
  const chosen = chooseContract(z.model, taskGraph, rng, plans);
  if (!chosen) return null;
  return { scenario: fault.scenario, rules: z.rules, caseKept: fault.caseKept, lost: fault.lost, kept: fault.kept, graph, taskGraph, ...chosen };
}

function goldOf(m: MechanismModel, b: Built) {
  const g = b.taskGraph;
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
    "A fault has removed some of the restrictions that fixed where the mechanism started. The episode library below is the complete uncertainty set: every episode (as the rules below define one) that also satisfies the restrictions still known.",
    "Each repair policy names its complete set of possible post-repair outcomes (library episodes). Judge each policy on its own, universally over every outcome it names.",
    "For each outcome, derive its successors: every episode reached from it by exactly one edge the rules admit, whether or not that episode is in the library. The deadline episodes of an outcome are its successors, or the outcome itself when it has none (a hold for the deadline check only, not an edge).",
    "A policy is unsafe (U) if any of its outcomes, or any successor of one, satisfies all unsafe atoms; otherwise it misses the deadline (D) if any deadline episode of any of its outcomes fails at least one goal atom; otherwise it recovers (R).",
    "",
    ...episodeModelLines(m, b.scenario, b.rules, b.caseKept),
    "",
    `Fault: loss of declared initial-coordinate restrictions; lost: ${b.lost.map((r) => restrictionText(m, r)).join(" and ")}; still known: ${b.kept.length ? b.kept.map((r) => restrictionText(m, r)).join(" and ") : "none"}.`,
    "",
    ...libraryLines(m, "Episode library", lib.map((id, k) => ({ label: eid(k), episode: b.graph.episodes[id] }))),
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
    // small libraries give the same task twice; a repeat is skipped here rather than removed after selection
    const seen = new Set<string>();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      for (const level of LEVELS.filter(wanted)) {
        const b = build(z, keyedRandom(`${seed}/functional_recovery/${z.model.id}/${level}/${attempt}`), PLANS[level]);
        if (!b) continue;
        const key = JSON.stringify([b.scenario, b.lost, b.kept, b.contract, b.policies.map((p) => p.map((id) => b.graph.layers[0].episodes.indexOf(id)))]);
        if (seen.has(key)) continue;
        seen.add(key);
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

  recheck(model, auditData, sessions) {
    const audit = FunctionalRecoveryAudit.parse(auditData);
    // the library must still be exhaustive under the catalog
    const kept = audit.kept.map((r) => {
      const v = variableByName(model, r.var);
      return { var: v, cells: r.cells.map((c) => cellByName(model, v, c)), source: "kept" };
    });
    const lostVars = new Set(audit.lost.map((r) => r.var));
    const caseKept = findScenario(model, audit.graph.scenario).restrict.filter((r) => !lostVars.has(model.variables[r.var].name)).map((r) => ({ var: r.var, cells: [...r.cells], source: "kept" }));
    const own = sessions ?? new RecheckSessions(model);
    const g = rebuildGraph(model, audit.graph, caseKept, own);
    const again = auditGraph(model, audit.graph.scenario, audit.graph.rules, 1, g);
    // the library is every interpretation under the known restrictions: each distinct shown
    // episode is one (its cells in their domains, every active confluence satisfied), and
    // there are as many as the catalog counts (each state's count read off its factors in
    // the context universe, restricted to the kept cells)
    let fresh = 0n;
    own.allStates().forEach((_, i) => (fresh += countRestricted(own.factorsInContext(audit.graph.scenario, i), kept)));
    const shown = new Map(g.layers[0].episodes.map((id) => [JSON.stringify([g.episodes[id].state, g.episodes[id].cells]), id]));
    const problems = new Map<string, Problem>();
    for (const [key, id] of shown) {
      const x = g.episodes[id];
      const stateKey = JSON.stringify(x.state);
      let p = problems.get(stateKey);
      if (!p) problems.set(stateKey, (p = compile(model, x.state, audit.graph.scenario, kept, { contextOnly: true }).problem));
      if (!admissible(p, x.cells)) throw new Error(`library episode ${key} is not an interpretation of its state under the known restrictions`);
    }
    if (BigInt(shown.size) !== fresh) throw new Error(`the library has ${shown.size} episodes, the catalog gives ${fresh} under the known restrictions`);
    // the fault is not vacuous: each lost restriction is violated by some library episode
    for (const r of audit.lost) {
      const v = variableByName(model, r.var);
      if (g.layers[0].episodes.every((id) => r.cells.includes(model.variables[v].cells[g.episodes[id].cells[v]]))) throw new Error(`a vacuous fault: every library episode satisfies the lost restriction on ${r.var}`);
    }
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
