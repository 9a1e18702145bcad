// The target composite states of one source's candidates (docs/semantics.md §13.7, step
// 3): per relaxed interpretation, the combinations of component state options its cells
// allow, each with the state restrictions and laws it must still satisfy; or, when the
// relaxation is loose, every combination solved exactly.
import type { MechanismModel, ModelRestriction } from "../model/model.ts";
import { activeIn, type CompositeState } from "../compile/compile.ts";
import type { Confluence, Problem } from "../compile/problem.ts";
import type { Solution } from "../solve/solver.ts";
import { satisfies } from "../solve/semantics.ts";
import type { CausalContext } from "./coordinates.ts";

/** What the target states read of the session: the model and each component state's own restrictions. */
export interface TargetSource {
  readonly model: MechanismModel;
  restrictionsOf(instance: string, state: string): readonly ModelRestriction[];
}

/**
 * One target composite state of a source's candidates, with what a relaxed
 * interpretation must still satisfy there: the state-specific restrictions of the
 * components whose state was not already filtered by its restrictions, and the
 * state-specific laws (the relaxation holds everything else, §13.7).
 */
export interface Target {
  state: CompositeState;
  restrictions: readonly ModelRestriction[];
  laws: readonly Confluence[];
  /** The E6 exemption on the edge into this state, computed when first needed. */
  jump?: ReadonlySet<number>;
  /** The causal graph's context on the edge into this state (E8), computed when first needed. */
  causal?: CausalContext;
}

/** The problem with the given restrictions on its domains and the given laws added. */
function withState(base: Problem, restrictions: readonly ModelRestriction[], laws: readonly Confluence[]): Problem {
  if (!restrictions.length && !laws.length) return base;
  const variables = [...base.variables];
  for (const r of restrictions) {
    const v = variables[r.var];
    variables[r.var] = { ...v, domain: v.domain.filter((c) => r.cells.includes(c)) };
  }
  return { ...base, variables, confluences: [...base.confluences, ...laws] };
}

/** Does a relaxed interpretation hold in the target state: its remaining restrictions and its own laws? */
export function holdsInState(problem: Problem, t: Target, cells: readonly number[]): boolean {
  const rs = t.restrictions;
  for (let k = 0; k < rs.length; k++) if (rs[k].cells.indexOf(cells[rs[k].var]) < 0) return false;
  const laws = t.laws;
  for (let k = 0; k < laws.length; k++) if (!satisfies(problem, laws[k], cells)) return false;
  return true;
}

/**
 * The target composite states a relaxed interpretation allows: per component, the
 * options (targetOptions) whose state restrictions its cells satisfy; every combination,
 * in option order with the last component varying fastest (the order stateProduct
 * gives). fit(cells) selects the first combination, next() steps to the following one;
 * each combination's Target is built once per source.
 */
export class TargetStates {
  private readonly multi: number[];
  /** Per component with several options, per option: its state restrictions. */
  private readonly restrictions: (readonly ModelRestriction[])[][];
  private readonly fits: number[][];
  private readonly pos: number[];
  private readonly stride: number[];
  private readonly cache = new Map<number, Target>();

  constructor(private readonly session: TargetSource, private readonly axes: readonly (readonly string[])[]) {
    this.multi = axes.map((_, k) => k).filter((k) => axes[k].length > 1);
    const instances = session.model.instances;
    this.restrictions = axes.map((opts, k) => (opts.length > 1 ? opts.map((st) => session.restrictionsOf(instances[k].name, st)) : []));
    this.fits = axes.map((a) => (a.length > 1 ? [] : [0]));
    this.pos = axes.map(() => 0);
    this.stride = [];
    let m = 1;
    for (let k = axes.length - 1; k >= 0; k--) this.stride[k] = m, m *= axes[k].length;
  }

  /** Selects the first combination the cells allow; false when some component has none. */
  fit(cells: readonly number[]): boolean {
    const { multi, fits, restrictions, pos } = this;
    for (const k of multi) {
      const f = fits[k];
      f.length = 0;
      for (let o = 0; o < restrictions[k].length; o++) {
        const rs = restrictions[k][o];
        let ok = true;
        for (let j = 0; j < rs.length && ok; j++) ok = rs[j].cells.indexOf(cells[rs[j].var]) >= 0;
        if (ok) f.push(o);
      }
      if (!f.length) return false;
      pos[k] = 0;
    }
    return true;
  }

  /** Steps to the next allowed combination (last component fastest); false after the last. */
  next(): boolean {
    const { multi, fits, pos } = this;
    for (let j = multi.length - 1; j >= 0; j--) {
      const k = multi[j];
      if (++pos[k] < fits[k].length) return true;
      pos[k] = 0;
    }
    return false;
  }

  /** How many target states the options combine to. */
  get combinations(): number {
    return this.axes.reduce((m, a) => m * a.length, 1);
  }

  /**
   * Solves every target state exactly: the relaxation with the state laws and
   * restrictions of each component's option added, one component with several options
   * at a time, so a partial choice without interpretations prunes every combination
   * that extends it. Calls found(solution, key, target) for each combination with
   * interpretations, in option order. The same interpretations as filtering the
   * relaxation by fit and holdsInState: the relaxation's laws and restrictions are
   * those that hold in all states.
   */
  solveEach(relaxed: Problem, relaxedSolution: Solution, solve: (p: Problem) => Solution, found: (s: Solution, key: number, t: Target) => void): void {
    const { axes, multi, stride, session } = this;
    const { model } = session;
    const stateLaws = (k: number, st: string): Confluence[] =>
      model.laws.filter((l) => l.instance === model.instances[k].name && l.state === st).map((l) => ({ id: l.id, terms: l.terms }));
    const constraints = (k: number, o: number) => [session.restrictionsOf(model.instances[k].name, axes[k][o]), stateLaws(k, axes[k][o])] as const;
    // components with one option first, all at once
    let root = relaxed;
    axes.forEach((opts, k) => {
      if (opts.length === 1) root = withState(root, ...constraints(k, 0));
    });
    const option = axes.map(() => 0);
    const visit = (level: number, p: Problem, known: Solution | null) => {
      const sol = known ?? solve(p);
      if (sol.count === 0n) return;
      if (level === multi.length) {
        let key = 0;
        for (let k = 0; k < axes.length; k++) key += option[k] * stride[k];
        found(sol, key, this.cache.get(key) ?? this.build(key, (k) => option[k]));
        return;
      }
      const k = multi[level];
      for (let o = 0; o < axes[k].length; o++) {
        option[k] = o;
        const [rs, laws] = constraints(k, o);
        // nothing added: the same problem, the same solution
        if (!rs.length && !laws.length) visit(level + 1, p, sol);
        else visit(level + 1, withState(p, rs, laws), null);
      }
      option[k] = 0;
    };
    visit(0, root, root === relaxed ? relaxedSolution : null);
  }

  /** The selected combination. */
  current(): Target {
    const { axes, fits, pos, stride } = this;
    let key = 0;
    for (let k = 0; k < axes.length; k++) key += fits[k][pos[k]] * stride[k];
    return this.cache.get(key) ?? this.build(key, (k) => fits[k][pos[k]]);
  }

  /** The Target of a combination (option(k): component k's option), kept under its key. */
  private build(key: number, option: (k: number) => number): Target {
    const { axes } = this;
    const { model } = this.session;
    const state: CompositeState = {};
    model.instances.forEach((inst, k) => (state[inst.name] = axes[k][option(k)]));
    // components with one option were not filtered by their restrictions
    const restrictions = model.instances.flatMap((inst, k) => (axes[k].length === 1 ? this.session.restrictionsOf(inst.name, state[inst.name]) : []));
    const laws = model.laws.filter((l) => l.state !== null && activeIn(l, state)).map((l) => ({ id: l.id, terms: l.terms }));
    const t = { state, restrictions, laws };
    this.cache.set(key, t);
    return t;
  }
}
