// The separate simulation session (Algorithm 2, lines 22-29) for one mechanism and
// scenario: it derives causes, collects the declared transitions T(s), and generates
// every admissible edge (x, x', c) out of a source episode through the exact solver.
import type { MechanismModel, ModelRestriction, ModelScenario } from "../model/model.ts";
import { compile, type CompositeState, type ExtraRestriction, findScenario } from "../compile/compile.ts";
import type { Problem } from "../compile/problem.ts";
import { forEachInterpretation, type Solution, solve } from "../solve/solver.ts";
import { type CausalContext, causalContext, type CoordinateTable, coordinateTable, direction } from "./coordinates.ts";
import { type Cause, coincidenceClasses, mandatoryDepartures, optionalTerminations, type QEvent, terminationGroups } from "./causes.ts";
import { type Episode, episodeKey } from "./episode.ts";
import { compatibleDeclaration } from "./declarations.ts";
import { causalPaths, drifting, eventMoved, type Propagation, relayOf, seedsOf, switchedCoordinates } from "./edge_definitions.ts";
import { DEFAULT_PROFILE } from "./rule_names.ts";
import { type EdgeRules, edgeRules, takes } from "./rules.ts";
import { holdsInState, type Target, TargetStates } from "./target_states.ts";

/** An admissible edge with its evidence. */
export interface Edge {
  source: Episode;
  target: Episode;
  cause: Cause;
  /** Seeds of the causal check: the cause's events, or the drifting coordinates (intrastate). */
  seeds: number[];
  /** Per changed component (declaration order): the compatible declaration used. */
  declarations: { instance: string; transition: number }[];
  /** Changed dependent coordinates in the order the causal search reached them. */
  propagation: Propagation[];
}

/**
 * One episode has more candidate targets than a session enumerates; restrict the scenario.
 *
 * @example
 * ```ts
 * import { mechanism, SessionLimitError, simulate } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * try {
 *   simulate(mechanism("mechanics_damper"), { horizon: 1, first: true });
 * } catch (e) {
 *   if (!(e instanceof SessionLimitError)) throw e;
 *   console.log("restrict the scenario:", e.message);
 * }
 * ```
 */
export class SessionLimitError extends Error {
  /** The error's name, for messages and logs. */
  override name = "SessionLimitError";
}

export interface SessionOptions {
  /** Upper bound on candidate target interpretations enumerated per source episode. */
  maxCandidates?: number;
  /** The edge-rule readings (docs/semantics.md §13.10); the default profile when absent. */
  rules?: EdgeRules;
  /**
   * When the universe is solved with case restrictions (the paper's V_r): these instead
   * of the scenario's own (functional recovery's known restrictions after a fault).
   */
  caseRestrictions?: readonly ExtraRestriction[];
  /**
   * Above this many relaxed interpretations per target state, solve the target states
   * exactly instead of checking each relaxed interpretation (the same edges either way;
   * default EXACT_PER_TARGET; Infinity: never, 0: always).
   */
  exactPerTarget?: number;
}

export const DEFAULT_MAX_CANDIDATES = 200_000;

/** The E6 exemption when the switched-jumps reading is not taken: nothing may jump. */
const NO_JUMPS: ReadonlySet<number> = new Set();

/** What a source's composite state gives its edges: its exact coincidence classes (§13.3). */
interface SourceInfo {
  readonly classes: number[];
}

export class Session {
  readonly table: CoordinateTable;
  readonly scenario: ModelScenario;
  private readonly sources = new Map<string, SourceInfo>();
  private readonly problems = new Map<string, Problem>();
  /** State-specific restrictions by "instance|state". */
  private readonly stateRestrictions = new Map<string, ModelRestriction[]>();
  private readonly memo = new Map<string, Edge[]>();
  /** Per coordinate: its neighbours in the causal graph of any pair of states (built when first needed). */
  private anyStateNeighbours?: number[][];
  private readonly maxCandidates: number;
  private readonly exactPerTarget: number;
  readonly rules: EdgeRules;
  private readonly caseRestrictions: readonly ExtraRestriction[] | undefined;
  /** Solver calls and candidate interpretations examined, for benchmarks. */
  readonly stats = { solves: 0, candidates: 0, edges: 0 };

  constructor(readonly model: MechanismModel, scenarioId?: string, options: SessionOptions = {}) {
    this.table = coordinateTable(model);
    this.scenario = findScenario(model, scenarioId);
    this.maxCandidates = options.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
    this.exactPerTarget = options.exactPerTarget ?? EXACT_PER_TARGET;
    this.rules = options.rules ?? edgeRules(DEFAULT_PROFILE);
    this.caseRestrictions = options.caseRestrictions;
    for (const r of model.restrictions) {
      if (r.state === null || r.instance === null) continue;
      const key = `${r.instance}|${r.state}`;
      this.stateRestrictions.set(key, [...(this.stateRestrictions.get(key) ?? []), r]);
    }
  }

  /** Is V_r solved under the scenario's context only (else under the whole scenario)? */
  get contextOnly(): boolean {
    return takes(this.rules, "context-universe");
  }

  /** Compiles a composite state in the universe: context only, or with the case restrictions (the scenario's or the given ones). */
  private compileIn(s: CompositeState, extra: ExtraRestriction[], stateless = false): Problem {
    if (this.contextOnly || !this.caseRestrictions) return compile(this.model, s, this.scenario.id, extra, { contextOnly: this.contextOnly, stateless }).problem;
    return compile(this.model, s, this.scenario.id, [...extra, ...this.caseRestrictions], { contextOnly: true, stateless }).problem;
  }

  /** C(s, r') and D_{s,r'} of a composite state under the universe's scenario, cached. */
  problemOf(s: CompositeState): Problem {
    const key = this.model.instances.map((i) => s[i.name]).join("|");
    let p = this.problems.get(key);
    if (!p) {
      p = this.compileIn(s, []);
      this.problems.set(key, p);
    }
    return p;
  }

  /** The coincidence classes of a composite state (from its supported cells), cached. */
  source(s: CompositeState): SourceInfo {
    const key = this.model.instances.map((i) => s[i.name]).join("|");
    let info = this.sources.get(key);
    if (!info) {
      const problem = this.problemOf(s);
      // exact coincidence needs the cells each variable takes in some interpretation of s
      // (a term is zero throughout s when a factor is zero in every interpretation): one
      // solve, made only when a lasting episode of s asks for its termination groups
      let classes: number[] | undefined;
      const classesOf = () => {
        const sol = solve(problem);
        this.stats.solves++;
        return coincidenceClasses(this.table, s, sol.count > 0n ? sol.supported : problem.variables.map((v) => v.domain));
      };
      info = {
        get classes() {
          return (classes ??= classesOf());
        },
      };
      this.sources.set(key, info);
    }
    return info;
  }

  /** Every admissible edge out of x, memoized by episode. */
  successors(x: Episode): Edge[] {
    const key = episodeKey(this.model, x);
    let edges = this.memo.get(key);
    if (!edges) {
      edges = this.generate(x);
      this.memo.set(key, edges);
      this.stats.edges += edges.length;
    }
    return edges;
  }

  /**
   * The admissible edges out of x whose targets keep each bounded variable inside
   * [lo, hi] (cell indices): the same edges as successors(x), filtered, but with the
   * bounds applied before solving (the numerical path check's sample hulls). Not memoized.
   */
  successorsWithin(x: Episode, bounds: ReadonlyMap<number, readonly [number, number]>): Edge[] {
    return this.generate(x, bounds);
  }

  private generate(x: Episode, bounds?: ReadonlyMap<number, readonly [number, number]>): Edge[] {
    const { model, table, rules } = this;
    const higherOrder = takes(rules, "higher-order");
    const mandatory = mandatoryDepartures(table, x);
    const instant = mandatory.length > 0;
    const terms = instant ? [] : optionalTerminations(table, x);
    const seedsAll = instant ? mandatory.map((e) => e.var) : drifting(table, x);
    // Target domains that already encode E1, E2, E6 and E7: parameters and integrated
    // coordinates stay unless their event moves them; dependents near a potential seed
    // may move one cell.
    const moveTo = new Map<number, number>();
    for (const e of instant ? mandatory : terms) moveTo.set(e.var, e.to);
    const near = this.reachableDependents(seedsAll);
    const dom: number[][] = table.coords.map((c, v) => {
      const here = x.cells[v];
      if (c.kind === "parameter") return [here];
      const around = () => [here - 1, here, here + 1].filter((k) => k >= 0 && k < c.point.length);
      if (c.kind === "integrated") {
        const to = moveTo.get(v);
        if (to !== undefined) return instant ? [to] : [here, to];
        // a higher-order departure: at a point with a zero derivative (E1, E7)
        return higherOrder && c.point[here] && direction(table, v, x.cells) === 0 && near.has(v) ? around() : [here];
      }
      return near.has(v) ? around() : [here];
    });
    if (bounds) {
      for (const [v, [lo, hi]] of bounds) dom[v] = dom[v].filter((k) => k >= lo && k <= hi);
    }
    const info = this.source(x.state);
    const groups = instant || !terms.length ? [] : terminationGroups(table, terms, info.classes);
    const groupOf = new Map<number, number>();
    groups.forEach((g, i) => g.forEach((e) => groupOf.set(e.var, i)));
    const out: Edge[] = [];
    const axes = this.targetOptions(x, dom);
    if (axes.some((a) => a.length === 0)) return out;
    // E6 exemption: a dependent that some option's switched law may make jump gets every
    // cell here; each candidate is then held to its own target state's exemption
    const mayJump = new Set<number>();
    const jumps = takes(rules, "switched-jumps");
    if (jumps) model.instances.forEach((inst, k) => {
      for (const st of axes[k]) {
        if (st === x.state[inst.name]) continue;
        for (const v of switchedCoordinates(table, x.state, { ...x.state, [inst.name]: st })) if (near.has(v)) mayJump.add(v);
      }
    });
    for (const v of mayJump) dom[v] = model.variables[v].cells.map((_, k) => k).filter((k) => !bounds?.has(v) || (k >= bounds.get(v)![0] && k <= bounds.get(v)![1]));
    const extra: ExtraRestriction[] = dom.map((cells, v) => ({ var: v, cells, source: "edge candidate" }));
    // One exact solve of the stateless relaxation; each interpretation then picks the
    // target states its cells allow and is checked against their laws and domains (E5).
    const problem = this.compileIn(x.state, extra, true);
    const sol = solve(problem);
    this.stats.solves++;
    // Only a coordinate whose domain was widened for a switched law can move more than
    // one cell; the E6 check looks at those alone.
    const jumpers = [...mayJump];
    const targets = new TargetStates(this, axes);
    const inM = new Set(mandatory.map((e) => e.var));
    let candidates = 0;
    const counted = () => {
      if (++candidates > this.maxCandidates) {
        throw new SessionLimitError(`more than ${this.maxCandidates} candidate targets out of one episode of ${model.id}; raise the limit or restrict the scenario`);
      }
    };
    // E6 on the target's own exemption, then E3, E4, E8 and Decl
    const consider = (cells: readonly number[], t: Target) => {
      const jump = t.jump ??= jumps ? switchedCoordinates(table, x.state, t.state) : NO_JUMPS;
      for (let k = 0; k < jumpers.length; k++) {
        const v = jumpers[k];
        if (Math.abs(cells[v] - x.cells[v]) > 1 && !jump.has(v)) return;
      }
      const edge = this.admit(x, { state: t.state, cells }, t.causal ??= causalContext(table, x.state, t.state), instant, mandatory, inM, groups, groupOf);
      // the enumeration overwrites `cells` for the next interpretation: an edge keeps a copy
      if (edge) out.push({ ...edge, target: { state: t.state, cells: [...cells] } });
    };
    // When the relaxation is loose (many interpretations per target state: the state
    // laws reject most), the target states are solved exactly instead, and the results
    // put back in the order the relaxed enumeration would have found them.
    const loose = this.exactPerTarget !== Infinity && sol.count > BigInt(Math.ceil(targets.combinations * this.exactPerTarget));
    const order = loose ? enumerationOrder(sol) : null;
    if (order) {
      const found: { cells: number[]; key: number; t: Target }[] = [];
      targets.solveEach(problem, sol, (exact) => {
        this.stats.solves++;
        return solve(exact);
      }, (exact, key, t) => {
        forEachInterpretation(exact, (cells) => (counted(), found.push({ cells: [...cells], key, t })));
      });
      found.sort((a, b) => compareIn(order, a.cells, b.cells) || a.key - b.key);
      for (const f of found) consider(f.cells, f.t);
    } else {
      forEachInterpretation(sol, (cells) => {
        counted();
        if (!targets.fit(cells)) return;
        do {
          const t = targets.current();
          // E5: the relaxation already holds every law and restriction that holds in all
          // states, the scenario's and the candidate domains; what is left is the state's own
          if (holdsInState(problem, t, cells)) consider(cells, t);
        } while (targets.next());
      });
    }
    this.stats.candidates += candidates;
    return out;
  }

  /** State-specific restrictions of one component state (instance and state names). */
  restrictionsOf(instance: string, state: string): readonly ModelRestriction[] {
    return this.stateRestrictions.get(`${instance}|${state}`) ?? [];
  }

  /** E3, E4, E8 and Decl on a candidate whose domains already satisfy E1, E2, E5-E7. */
  private admit(x: Episode, y: Episode, causal: CausalContext, instant: boolean, mandatory: QEvent[], inM: ReadonlySet<number>, groups: QEvent[][], groupOf: Map<number, number>): Edge | null {
    const { model, table } = this;
    const changed: number[] = [];
    for (let v = 0; v < y.cells.length; v++) if (y.cells[v] !== x.cells[v]) changed.push(v);
    const stateChanged = model.instances.some((i) => x.state[i.name] !== y.state[i.name]);
    if (!changed.length && !stateChanged) return null;
    const events: QEvent[] = [];
    const explain: number[] = [];
    for (const v of changed) {
      const k = table.coords[v];
      if (k.kind === "dependent") explain.push(v);
      else if (k.kind === "integrated" && !inM.has(v)) {
        if (!k.point[x.cells[v]]) events.push({ var: v, from: x.cells[v], to: y.cells[v] });
        else {
          // higher-order departure: the target derivative must point the way it moves (E7);
          // under the source-value reading a zero derivative allows no move at all
          if (!takes(this.rules, "target-derivative")) return null;
          if (direction(table, v, y.cells) !== Math.sign(y.cells[v] - x.cells[v])) return null;
          explain.push(v);
        }
      }
    }
    let cause: Cause;
    if (instant) {
      if (events.length) return null; // epsilon ordering: no terminations at an instant (E3)
      cause = { kind: "mandatory", events: mandatory };
    } else if (!events.length) cause = { kind: "intrastate", events: [] };
    else {
      // E3: a cause takes whole coincidence groups
      const hit = new Set(events.map((e) => groupOf.get(e.var)!));
      for (const g of hit) if (!groups[g].every((e) => y.cells[e.var] === e.to)) return null;
      // the paper's atomic cause: exactly one termination group
      if (hit.size > 1 && !takes(this.rules, "cause-unions")) return null;
      cause = { kind: "boundary", events };
    }
    const seeds = seedsOf(table, this.rules, x, cause);
    const propagation = causalPaths(table, causal, seeds, changed, explain, relayOf(table, this.rules, cause));
    if (!propagation) return null;
    const declarations: Edge["declarations"] = [];
    for (const inst of model.instances) {
      if (x.state[inst.name] === y.state[inst.name]) continue;
      const t = compatibleDeclaration(table, inst.name, x, y, eventMoved(this.rules, x, y, cause));
      if (t === null) return null;
      declarations.push({ instance: inst.name, transition: t });
    }
    return { source: x, target: y, cause, seeds, declarations, propagation };
  }

  /** Coordinates connected to a seed in the causal graph of any pair of states (an over-approximation of E8). */
  private reachableDependents(seeds: number[]): Set<number> {
    const adjacent = this.anyStateNeighbours ??= this.buildAnyStateNeighbours();
    const seen = new Set<number>(seeds);
    const queue = [...seeds];
    while (queue.length) {
      const next = adjacent[queue.pop()!];
      for (let k = 0; k < next.length; k++) {
        const w = next[k];
        if (seen.has(w)) continue;
        seen.add(w);
        queue.push(w);
      }
    }
    return seen;
  }

  /**
   * Per coordinate, its neighbours in the causal graph of any pair of states: every
   * variable of a law it occurs in, its derivative and antiderivative, and the
   * coordinates sharing a state-specific law or restriction of its component (any state).
   */
  private buildAnyStateNeighbours(): number[][] {
    const { table } = this;
    return this.model.variables.map((variable, v) => {
      const out = new Set<number>();
      for (const li of table.lawsOf[v]) for (const w of table.lawVars[li]) out.add(w);
      if (table.coords[v].der !== null) out.add(table.coords[v].der!);
      if (table.integralOf[v] !== null) out.add(table.integralOf[v]!);
      for (const [key, vs] of table.stateVars) if (key.startsWith(`${variable.instance}|`) && vs.includes(v)) for (const w of vs) out.add(w);
      return [...out];
    });
  }

  /**
   * Candidate target states per component: keep the state, or take a declared transition
   * whose source guard holds on x and whose event coordinate can move; options whose
   * state restrictions miss the target domains are dropped.
   */
  private targetOptions(x: Episode, dom: number[][]): string[][] {
    const { model, table } = this;
    const fits = (inst: string, st: string) =>
      (this.stateRestrictions.get(`${inst}|${st}`) ?? []).every((r) => dom[r.var].some((c) => r.cells.includes(c)));
    return model.instances.map((inst) => {
      const here = x.state[inst.name];
      const opts = fits(inst.name, here) ? [here] : [];
      for (const ti of table.transitionsOf.get(inst.name) ?? []) {
        const t = model.transitions[ti];
        if (t.from !== here || opts.includes(t.to) || !fits(inst.name, t.to)) continue;
        if (!t.source.every((g) => g.cells.includes(x.cells[g.var]))) continue;
        if (t.event !== null && !dom[t.event].some((c) => c !== x.cells[t.event!])) continue;
        opts.push(t.to);
      }
      return opts;
    });
  }
}

/**
 * Above this many relaxed interpretations per target state, generate solves the target
 * states exactly (TargetStates.solveEach; on mechanics_branched_three_mass, whose
 * relaxations hold up to 10^5 interpretations of which about 0.5 % survive the state
 * laws, that is about a third faster and never meets the candidate limit) instead of
 * checking every relaxed interpretation (about 1.5 µs each).
 */
export const EXACT_PER_TARGET = 300;

/**
 * The order interpretations(sol) enumerates in, as a variable sequence: the solution's
 * components in solve order (the first varies slowest), each in its diagram's layer
 * order, cells ascending, so enumeration order is lexicographic order over this
 * sequence. Null when the solution is not of that shape (every variable once).
 */
function enumerationOrder(sol: Solution): number[] | null {
  const order: number[] = [];
  for (const c of sol.components) {
    if (c.diagram) order.push(...c.diagram.order);
    else if (c.vars.length === 1) order.push(c.vars[0]);
    else return null;
  }
  const seen = new Uint8Array(sol.problem.variables.length);
  for (const v of order) {
    if (v < 0 || v >= seen.length || seen[v]) return null;
    seen[v] = 1;
  }
  return order.length === seen.length ? order : null;
}

/** Lexicographic comparison of two interpretations over a variable sequence. */
function compareIn(order: readonly number[], a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < order.length; k++) {
    const d = a[order[k]] - b[order[k]];
    if (d !== 0) return d;
  }
  return 0;
}
