// The episode universe V_r of one scenario under one rule profile, asked one question:
// does some complete episode (a composite state and an admissible interpretation of it)
// satisfy a set of variable=cell facts? That is the check a solver can make at one
// checkpoint without building any graph. Exact: the persistent restrictions, the
// scenario's operating context (under the paper profile also its case restrictions) and
// the facts as restrictions, through the engine's compile and solve.
import type { MechanismModel, ModelLaw, ModelRestriction } from "../../model/model.ts";
import { compile, type CompositeState, type ExtraRestriction } from "../../compile/compile.ts";
import type { Problem } from "../../compile/problem.ts";
import { countRestricted, type Factors, factorsOf, solve } from "../../solve/solver.ts";
import { admissible } from "../../solve/semantics.ts";
import { edgeRules, takes } from "../../episode/rules.ts";
import { type RuleProfile } from "../../episode/rule_names.ts";

/** A fact with indices: variable `var` takes cell `cell`. */
export interface IndexedFact {
  var: number;
  cell: number;
}

/**
 * A relaxation is solved only above a subtree of this many complete states: with fewer,
 * deciding them one by one is cheaper (a relaxation has fewer constraints, so a larger diagram).
 */
const RELAX_ABOVE = 16;

interface Brought {
  laws: ModelLaw[];
  restrictions: ModelRestriction[];
}

interface StateEntry {
  state: CompositeState;
  problem: Problem;
  /** The solved universe problem of the state, when solved, and the cells each variable takes in it. */
  factors?: Factors;
  supported?: Set<number>[];
}

export class Universe {
  private readonly memo = new Map<string, boolean>();
  /** Per "instance|state": the laws and restrictions active only in that local state (compile's activeIn). */
  private readonly brought = new Map<string, Brought>();
  /** Complete states met so far, by key: their compiled universe problem, solved when first needed. */
  private readonly entries = new Map<string, StateEntry>();
  /** States known to have an interpretation (an offered member, or a count above zero), in the order met. */
  private readonly inhabited: StateEntry[] = [];
  /** Complete episodes known to be in the universe (checked with `admissible`), as cell vectors. */
  private readonly members: number[][] = [];
  private readonly memberKeys = new Set<string>();
  /** Solver calls made. */
  solves = 0;

  constructor(readonly model: MechanismModel, readonly scenario: string, readonly profile: RuleProfile) {
    const own = (instance: string, state: string): Brought => {
      const key = `${instance}|${state}`;
      if (!this.brought.has(key)) this.brought.set(key, { laws: [], restrictions: [] });
      return this.brought.get(key)!;
    };
    for (const l of model.laws) if (l.state !== null && l.instance !== null) own(l.instance, l.state).laws.push(l);
    for (const r of model.restrictions) if (r.state !== null && r.instance !== null) own(r.instance, r.state).restrictions.push(r);
  }

  /** Whether V_r is the scenario's context only (the sound profile) or the whole scenario (the paper's). */
  get contextOnly(): boolean {
    return takes(edgeRules(this.profile), "context-universe");
  }

  private compile(state: CompositeState, extra: readonly ExtraRestriction[], stateless = false): Problem {
    return compile(this.model, state, this.scenario, extra, { contextOnly: this.contextOnly, stateless }).problem;
  }

  /** The entry of a complete state (a component with one local state may be left out). */
  private entry(state: Readonly<Record<string, string>>): StateEntry | null {
    const full: CompositeState = {};
    for (const i of this.model.instances) {
      const st = state[i.name] ?? (i.states.length === 1 ? i.states[0] : undefined);
      if (st === undefined || !i.states.includes(st)) return null;
      full[i.name] = st;
    }
    const key = this.model.instances.map((i) => full[i.name]).join("|");
    let e = this.entries.get(key);
    if (!e) this.entries.set(key, (e = { state: full, problem: this.compile(full, []) }));
    return e;
  }

  private factors(e: StateEntry): Factors {
    if (!e.factors) {
      this.solves++;
      const sol = solve(e.problem);
      e.factors = factorsOf(sol);
      e.supported = sol.supported.map((cells) => new Set(cells));
      if (e.factors.count > 0n && !this.inhabited.includes(e)) this.inhabited.push(e);
    }
    return e.factors;
  }

  /** Whether some interpretation of the state satisfies every fact (read off the state's solved factors). */
  private stateAdmits(e: StateEntry, restrictions: readonly { var: number; cells: readonly number[] }[]): boolean {
    // the domains alone often exclude a fact, and then the cells some interpretation takes
    if (!restrictions.every((r) => e.problem.variables[r.var].domain.includes(r.cells[0]))) return false;
    const f = this.factors(e);
    return restrictions.every((r) => e.supported![r.var].has(r.cells[0])) && countRestricted(f, restrictions) > 0n;
  }

  /**
   * Remembers an episode as a member when it is one, so that it answers `admits` without
   * a solve. `state` may leave out the components that have one local state (as audits
   * do). Returns whether the episode is a member.
   */
  offer(state: Readonly<Record<string, string>>, cells: readonly number[]): boolean {
    const e = this.entry(state);
    if (!e || cells.length !== this.model.variables.length) return false;
    const key = `${this.model.instances.map((i) => e.state[i.name]).join("|")}|${cells.join(",")}`;
    if (this.memberKeys.has(key)) return true;
    if (!admissible(e.problem, [...cells])) return false;
    this.memberKeys.add(key);
    this.members.push([...cells]);
    if (!this.inhabited.includes(e)) this.inhabited.push(e);
    return true;
  }

  /** Whether some complete episode of the universe satisfies every fact. */
  admits(facts: readonly IndexedFact[]): boolean {
    const key = [...facts].map((f) => `${f.var}=${f.cell}`).sort().join(",");
    let hit = this.memo.get(key);
    if (hit === undefined) this.memo.set(key, (hit = this.search(facts)));
    return hit;
  }

  /**
   * A known member; else a state known to be inhabited whose interpretations include one
   * meeting the facts; else a search over the other composite states: components take
   * their states one at a time, and a branch is cut as soon as the constraints fixed so
   * far (those of no state, the scenario's, the facts, and those of the states assigned)
   * have no interpretation, since every completion only adds constraints. A complete
   * state is decided by the problem compile gives it, solved once and counted under the
   * facts (countRestricted).
   */
  private search(facts: readonly IndexedFact[]): boolean {
    if (this.members.some((cells) => facts.every((f) => cells[f.var] === f.cell))) return true;
    const restrictions = facts.map((f) => ({ var: f.var, cells: [f.cell] }));
    const tried = new Set<StateEntry>();
    for (const e of this.inhabited) {
      tried.add(e);
      if (this.stateAdmits(e, restrictions)) return true;
    }
    const m = this.model;
    const extra = facts.map((f) => ({ var: f.var, cells: [f.cell], source: "fact" }));
    const base = this.compile(Object.fromEntries(m.instances.map((i) => [i.name, i.states[0]])), extra, true);
    const relaxed = (domains: readonly (readonly number[])[], laws: readonly ModelLaw[]): Problem => ({
      ...base,
      variables: base.variables.map((v, i) => ({ ...v, domain: [...domains[i]] })),
      confluences: [...base.confluences, ...laws.map((l) => ({ id: l.id, terms: l.terms.map((t) => ({ coef: t.coef, factors: t.factors.map((f) => ({ ...f })) })) }))],
    });
    const satisfiable = (p: Problem) => {
      this.solves++;
      return solve(p).count > 0n;
    };
    const choices = m.instances.map((i) => this.distinctStates(i.states, i.name));
    // complete states below level k: a relaxation is solved only where it can spare more than it costs
    const leaves = choices.map((_, k) => choices.slice(k).reduce((n, c) => n * c.length, 1));
    const assigned: CompositeState = {};
    const visit = (k: number, domains: readonly (readonly number[])[], laws: readonly ModelLaw[]): boolean => {
      if (k === m.instances.length) {
        const e = this.entry(assigned)!;
        return !tried.has(e) && this.stateAdmits(e, restrictions);
      }
      const inst = m.instances[k];
      for (const st of choices[k]) {
        const own = this.brought.get(`${inst.name}|${st}`);
        let next = domains, more = laws;
        if (own) {
          next = domains.map((d, v) => own.restrictions.reduce((cells, r) => (r.var === v ? cells.filter((c) => r.cells.includes(c)) : cells), d));
          if (next.some((d) => d.length === 0)) continue;
          more = [...laws, ...own.laws];
        }
        assigned[inst.name] = st;
        // a state that brings nothing of its own leaves the relaxation as it was
        const open = !own || k + 1 === m.instances.length || leaves[k + 1] < RELAX_ABOVE || satisfiable(relaxed(next, more));
        if (open && visit(k + 1, next, more)) return true;
      }
      delete assigned[inst.name];
      return false;
    };
    if (leaves[0] >= RELAX_ABOVE && !satisfiable(base)) return false;
    return visit(0, base.variables.map((v) => v.domain), []);
  }

  /** The states of a component that compile tells apart: each with laws or restrictions of its own, and one of those with none (they compile alike). */
  private distinctStates(states: readonly string[], instance: string): string[] {
    const plain = states.find((st) => !this.brought.has(`${instance}|${st}`));
    return states.filter((st) => this.brought.has(`${instance}|${st}`) || st === plain);
  }
}

/** One universe per (mechanism, scenario, profile), created when first asked for. */
export class Universes {
  private readonly map = new Map<string, Universe>();

  of(model: MechanismModel, scenario: string, profile: RuleProfile): Universe {
    const key = `${model.id}|${scenario}|${profile}`;
    let u = this.map.get(key);
    if (!u) this.map.set(key, (u = new Universe(model, scenario, profile)));
    return u;
  }

  get solves(): number {
    return [...this.map.values()].reduce((n, u) => n + u.solves, 0);
  }
}
