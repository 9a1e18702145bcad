// Checkpoint consistency (plausibility's admission rule for negatives): does some
// episode of a session's universe satisfy a set of facts `variable = cell`? An episode
// is any composite state with an interpretation of the session's own problem for it
// (Session.problemOf: the persistent restrictions, the operating context, under a
// whole-scenario universe the case restrictions too, and the state's restrictions and
// laws), so the answer is exactly the one the prompt's definition of an episode gives.
// Each composite state is solved once per universe; facts are then counted off its
// factors (countRestricted), and answers are memoized per fact set.
import type { Session } from "../../episode/session.ts";
import { compile, type CompositeState } from "../../compile/compile.ts";
import type { Episode } from "../../episode/episode.ts";
import type { Problem } from "../../compile/problem.ts";
import { countRestricted, type Factors, factorsOf, solve } from "../../solve/solver.ts";
import { nodeCounts } from "../../solve/diagram.ts";
import { supportedBits } from "../semantic_objects.ts";

/** A fact by indices: variable v has cell `cell`. */
export interface CellFact {
  var: number;
  cell: number;
}

/** A composite state of the universe, solved: its factors and, per variable, a bit per cell some interpretation gives it. */
interface Solved {
  factors: Factors;
  supported: number[];
}

export interface UniverseOptions {
  /** Counts each exact solve. */
  onSolve?: () => void;
  /**
   * The persistent relaxation per composite state (by index; SemanticObjects): its
   * interpretations under the persistent restrictions alone, and the cells some of them
   * give each variable (a bit per cell). The universe's problem of a state is that problem
   * with the scenario's cell restrictions, so a state is solved in the universe only when
   * it has an episode satisfying the facts (counted off the relaxation's factors).
   */
  relaxation?: PersistentRelaxation;
}

/** What UniverseOptions.relaxation reads: a count under cell restrictions, and supported cells as bits. */
export interface PersistentRelaxation {
  count(state: number, restrictions: readonly { var: number; cells: readonly number[] }[]): bigint;
  supportedBits(state: number): readonly number[] | null;
}

export class UniverseFacts {
  /** Per composite state: its solution, null when it has no interpretation, undefined until solved. */
  private readonly solved: (Solved | null | undefined)[] = [];
  private readonly answers = new Map<string, Episode | null>();
  /**
   * The universe without any state's own laws and restrictions, solved when first
   * needed: every state's problem adds to it, so facts it rules out hold in no episode.
   */
  private relaxed?: Factors;

  /** The scenario's cell restrictions the universe applies (UniverseOptions.relaxation). */
  private readonly universe: readonly { var: number; cells: readonly number[] }[];

  /** `states`: every complete composite state in canonical order. */
  constructor(private readonly session: Session, private readonly states: readonly CompositeState[], private readonly options: UniverseOptions = {}) {
    this.universe = [...session.scenario.context, ...(session.contextOnly ? [] : session.scenario.restrict)];
  }

  private solveCounted(problem: Problem) {
    this.options.onSolve?.();
    return solve(problem);
  }

  private solvedAt(i: number): Solved | null {
    let s = this.solved[i];
    if (s === undefined) {
      if (this.options.relaxation && this.options.relaxation.count(i, []) === 0n) s = null;
      else {
        const sol = this.solveCounted(this.session.problemOf(this.states[i]));
        s = sol.count === 0n ? null : { factors: factorsOf(sol), supported: supportedBits(sol) };
      }
      this.solved[i] = s;
    }
    return s;
  }

  /**
   * An episode of the universe satisfying every fact, or null when there is none. The
   * episode is a function of the universe and the facts alone (not of earlier queries):
   * the first composite state in canonical order that admits the facts, with its first
   * interpretation that satisfies them (firstInterpretation).
   */
  witness(facts: readonly CellFact[]): Episode | null {
    const sorted = [...facts].sort((a, b) => a.var - b.var || a.cell - b.cell);
    const key = sorted.map((f) => `${f.var}=${f.cell}`).join(",");
    if (this.answers.has(key)) return this.answers.get(key)!;
    const restrictions = sorted.map((f) => ({ var: f.var, cells: [f.cell] }));
    this.relaxed ??= factorsOf(this.solveCounted(compile(this.session.model, this.states[0], this.session.scenario.id, [], { contextOnly: this.session.contextOnly, stateless: true }).problem));
    let found: Episode | null = null;
    if (countRestricted(this.relaxed, restrictions) > 0n) {
      const relaxation = this.options.relaxation;
      const inUniverse = relaxation ? [...this.universe, ...restrictions] : [];
      for (let i = 0; i < this.states.length && !found; i++) {
        if (relaxation) {
          const bits = relaxation.supportedBits(i);
          if (!bits || sorted.some((x) => !(bits[x.var] & (1 << x.cell))) || relaxation.count(i, inUniverse) === 0n) continue;
        }
        const s = this.solvedAt(i);
        // a fact outside the cells the state supports rules it out without counting
        if (!s || sorted.some((x) => !(s.supported[x.var] & (1 << x.cell)))) continue;
        if (countRestricted(s.factors, restrictions) > 0n) found = { state: this.states[i], cells: firstInterpretation(s.factors, sorted) };
      }
    }
    this.answers.set(key, found);
    return found;
  }

}

/**
 * The first interpretation, in the solver's enumeration order (components in solve
 * order, each one's diagram paths in layer order with cells ascending), of the factors f
 * among those giving each fact's variable its cell; f admits at least one. Components
 * are independent, so it is each component's first admitted path. The order depends
 * only on the problem (a diagram's variable order only on the component's structure).
 */
export function firstInterpretation(f: Factors, facts: readonly CellFact[]): number[] {
  const cellOf = new Map(facts.map((x) => [x.var, x.cell]));
  const a = new Array<number>(f.domains.length).fill(-1);
  for (const c of f.components) {
    if (!c.diagram) {
      const v = c.vars[0];
      const cell = [...f.domains[v]].sort((x, y) => x - y).find((x) => !cellOf.has(v) || cellOf.get(v) === x);
      if (cell === undefined) throw new Error(`variable ${v} has no admitted cell`);
      a[v] = cell;
      continue;
    }
    const d = c.diagram;
    const only = (l: number) => (cellOf.has(d.order[l]) ? new Set([cellOf.get(d.order[l])!]) : undefined);
    const counts = nodeCounts(d, only);
    if (!d.layerCount[0] || counts[0][0] === 0n) throw new Error("a component admits none of the facts");
    let node = 0;
    for (let l = 0; l < d.order.length; l++) {
      const k = d.cells[l], base = d.layerStart[l] + node * k, ok = only(l);
      let j = 0;
      while (j < k && !(d.children[base + j] >= 0 && (!ok || ok.has(j)) && counts[l + 1][d.children[base + j]] > 0n)) j++;
      a[d.order[l]] = j;
      node = d.children[base + j];
    }
  }
  return a;
}

const byOwner = new WeakMap<object, Map<string, UniverseFacts>>();

/**
 * The memoized checkpoint-consistency oracle of a session built for a scenario
 * (SemanticObjects.session(scenario), no case override), kept as long as `owner` (the
 * mechanism's SemanticObjects). Sessions whose universes apply the same scenario
 * restrictions (the context, and the case restrictions when the universe is the whole
 * scenario) have the same episodes, so they share one oracle.
 */
export function universeFacts(owner: object, session: Session, states: readonly CompositeState[], options: UniverseOptions = {}): UniverseFacts {
  const restrictions = (rs: readonly { var: number; cells: readonly number[] }[]) => rs.map((r) => [r.var, [...r.cells].sort((a, b) => a - b)]);
  const key = JSON.stringify([restrictions(session.scenario.context), session.contextOnly ? [] : restrictions(session.scenario.restrict)]);
  let perOwner = byOwner.get(owner);
  if (!perOwner) byOwner.set(owner, (perOwner = new Map()));
  let u = perOwner.get(key);
  if (!u) perOwner.set(key, (u = new UniverseFacts(session, states, options)));
  return u;
}
