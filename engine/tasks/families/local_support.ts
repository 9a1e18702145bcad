// Support(c, D, v) of Definition 9: the cells of the target's current domain that
// some assignment of the law's other variables, drawn from their current domains,
// makes satisfy the law. Computed by the exact solver on the one-law problem.
import type { MechanismModel, ModelLaw } from "../../model/model.ts";
import type { Problem } from "../../compile/problem.ts";
import { solve } from "../../solve/solver.ts";
import { satisfies } from "../../solve/semantics.ts";

/** The distinct variables of a law, in order of first occurrence. */
export function lawVariables(law: ModelLaw): number[] {
  return [...new Set(law.terms.flatMap((t) => t.factors.map((f) => f.var)))];
}

/** The one-law problem: the law's variables with their current domains. */
export function localProblem(model: MechanismModel, law: ModelLaw, domains: readonly (readonly number[])[]): Problem {
  const vars = lawVariables(law);
  const local = new Map(vars.map((v, i) => [v, i]));
  return {
    variables: vars.map((v) => ({
      name: model.variables[v].name,
      cells: [...model.variables[v].cells],
      signs: [...model.variables[v].signs],
      domain: [...domains[v]].sort((a, b) => a - b),
    })),
    confluences: [{ id: law.id, terms: law.terms.map((t) => ({ coef: t.coef, factors: t.factors.map((f) => ({ var: local.get(f.var)!, exp: f.exp })) })) }],
  };
}

export class LocalSupport {
  private readonly memo = new Map<string, number[]>();
  constructor(readonly model: MechanismModel) {}

  /** Support(law, domains, target), ascending cells; [] when the target is not in the law. */
  support(law: ModelLaw, domains: readonly (readonly number[])[], target: number): number[] {
    const vars = lawVariables(law);
    const at = vars.indexOf(target);
    if (at < 0) return [];
    const key = `${law.id}|${target}|${vars.map((v) => domains[v].join(",")).join("|")}`;
    let hit = this.memo.get(key);
    if (!hit) {
      hit = solve(localProblem(this.model, law, domains)).supported[at];
      this.memo.set(key, hit);
    }
    return hit;
  }
}

const shared = new WeakMap<MechanismModel, LocalSupport>();

/** One memo per mechanism, shared by every candidate and the gold. */
export function localSupportOf(model: MechanismModel): LocalSupport {
  let s = shared.get(model);
  if (!s) shared.set(model, (s = new LocalSupport(model)));
  return s;
}

/**
 * The obvious path: enumerate every assignment of the law's variables from their
 * domains and keep the target cells of the satisfying ones (tests and `mech tasks
 * verify` check the solver-based support against this).
 */
export function bruteForceSupport(model: MechanismModel, law: ModelLaw, domains: readonly (readonly number[])[], target: number): number[] {
  const vars = lawVariables(law);
  if (!vars.includes(target)) return [];
  const problem = localProblem(model, law, domains);
  const at = vars.indexOf(target);
  const found = new Set<number>();
  const a = new Array<number>(vars.length).fill(0);
  const visit = (i: number): void => {
    if (i === vars.length) {
      if (satisfies(problem, problem.confluences[0], a)) found.add(a[at]);
      return;
    }
    for (const cell of problem.variables[i].domain) {
      a[i] = cell;
      visit(i + 1);
    }
  };
  visit(0);
  return [...found].sort((x, y) => x - y);
}
