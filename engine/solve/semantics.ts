// The confluence semantics of Definition 3, written as plainly as possible. The
// reference solver and the tests use these; the WASM kernels implement the same rule.
import type { Confluence, Problem, Sign, Term } from "../compile/problem.ts";

/** An interpretation: one cell index per problem variable. */
export type Assignment = readonly number[];

/** qsgn of a term: the coefficient sign times each factor's cell sign raised to its exponent. */
export function termSign(problem: Problem, term: Term, a: Assignment): Sign {
  let s: number = term.coef;
  for (const f of term.factors) {
    const sign = problem.variables[f.var].signs[a[f.var]];
    s *= sign ** f.exp;
  }
  return s > 0 ? 1 : s < 0 ? -1 : 0;
}

/** ι ⊨ c: every term zero, or at least one positive and at least one negative term. */
export function satisfies(problem: Problem, c: Confluence, a: Assignment): boolean {
  const signs = c.terms.map((t) => termSign(problem, t, a));
  return signs.every((s) => s === 0) || (signs.includes(1) && signs.includes(-1));
}

/** ι ⊨ C(s,r): every confluence satisfied and every value inside its domain. */
export function admissible(problem: Problem, a: Assignment): boolean {
  return problem.variables.every((v, i) => v.domain.includes(a[i])) &&
    problem.confluences.every((c) => satisfies(problem, c, a));
}
