// Z_M of Algorithm 1: the shared simulator objects of one mechanism, built once and
// read by every family. Solves are memoized, so families that ask about the same
// (composite state, restrictions) pair share one exact solve.
import type { MechanismModel } from "../model/model.ts";
import { multiStateInstances } from "../model/model.ts";
import { compile, type CompositeState, compositeStates, type ExtraRestriction } from "../compile/compile.ts";
import type { Problem } from "../compile/problem.ts";
import { countRestricted, type Factors, factorsOf, solve } from "../solve/solver.ts";
import type { Random } from "./random.ts";

/** Restrictions a task displays on top of the persistent ones: variable → allowed cells. */
export interface CaseRestriction {
  var: number;
  cells: number[];
}

export class SemanticObjects {
  /** S: every complete composite state, in canonical order (docs/semantics.md §8). */
  readonly states: CompositeState[];
  /** Each state's factorized relation under the persistent restrictions, solved once. */
  private readonly factors = new Map<number, Factors>();
  /** Exact solves performed (for the benchmark and the progress line). */
  solves = 0;

  constructor(readonly model: MechanismModel) {
    this.states = [...compositeStates(model)];
  }

  /** The label of state i: its multi-state components' states joined by `|`. */
  rowLabel(i: number): string {
    const multi = multiStateInstances(this.model);
    return multi.length ? multi.map((c) => this.states[i][c.name]).join("|") : "unconditional";
  }

  /**
   * The compiled problem of composite state i under the persistent restrictions and
   * `restrictions` (no catalog scenario: tasks display their own cases).
   */
  problem(i: number, restrictions: readonly CaseRestriction[] = []): Problem {
    const extra: ExtraRestriction[] = restrictions.map((r) => ({ var: r.var, cells: r.cells, source: "case" }));
    return compile(this.model, this.states[i], undefined, extra, { withoutScenario: true }).problem;
  }

  /**
   * |I_{s,r}| for composite state i under `restrictions`: one exact solve of state i
   * under the persistent restrictions, then exact counts under any case read off its
   * factors (countRestricted).
   */
  count(i: number, restrictions: readonly CaseRestriction[] = []): bigint {
    let f = this.factors.get(i);
    if (!f) {
      this.solves++;
      f = factorsOf(solve(this.problem(i)));
      this.factors.set(i, f);
    }
    return restrictions.length ? countRestricted(f, restrictions) : f.count;
  }

  /** Whether composite state i has an admissible interpretation under the persistent restrictions. */
  consistent(i: number): boolean {
    return this.count(i) > 0n;
  }

  /**
   * A state drawn uniformly from the consistent states outside `taken`, or null when
   * there is none. States are examined in a random order and solved only when drawn
   * (memoized), so a mechanism's whole state space is solved only when it must be.
   */
  drawConsistent(rng: Random, taken: ReadonlySet<number>): number | null {
    const open = this.states.map((_, i) => i).filter((i) => !taken.has(i));
    for (let n = open.length; n > 0; n--) {
      const j = rng.int(n);
      const s = open[j];
      if (this.consistent(s)) return s;
      open[j] = open[n - 1];
    }
    return null;
  }
}
