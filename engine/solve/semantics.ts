// The confluence semantics of Definition 3, written as plainly as possible. The
// reference solver and the tests use these; the WASM kernels implement the same rule.
// The episode graph checks every candidate target with `admissible`, so these loops
// allocate nothing (no per-law arrays or closures).
import type { Confluence, Problem, Term } from "../compile/problem.ts";
import type { Sign } from "../model/sign.ts";

/** An interpretation: one cell index per problem variable. */
export type Assignment = readonly number[];

/** qsgn of a term: the coefficient sign times each factor's cell sign raised to its exponent. */
export function termSign(problem: Problem, term: Term, a: Assignment): Sign {
  let s: number = term.coef;
  const factors = term.factors;
  for (let k = 0; k < factors.length; k++) {
    const f = factors[k];
    const sign = problem.variables[f.var].signs[a[f.var]];
    // sign ** exp without the power: zero stays zero (a zero exponent gives one), a
    // negative sign flips s when the exponent is odd; a cell outside the variable's
    // cells has no sign and, as NaN did, makes the term zero
    if (sign === 0) {
      if (f.exp !== 0) return 0;
    } else if (sign < 0) {
      if (f.exp % 2 !== 0) s = -s;
    } else if (!(sign > 0)) return 0;
  }
  return s > 0 ? 1 : s < 0 ? -1 : 0;
}

/** ι ⊨ c: every term zero, or at least one positive and at least one negative term. */
export function satisfies(problem: Problem, c: Confluence, a: Assignment): boolean {
  let positive = false, negative = false;
  const terms = c.terms;
  for (let k = 0; k < terms.length; k++) {
    const s = termSign(problem, terms[k], a);
    if (s > 0) positive = true;
    else if (s < 0) negative = true;
    else continue;
    if (positive && negative) return true;
  }
  return !positive && !negative;
}

/** ι ⊨ C(s,r): every confluence satisfied and every value inside its domain. */
export function admissible(problem: Problem, a: Assignment): boolean {
  const vars = problem.variables;
  for (let i = 0; i < vars.length; i++) if (vars[i].domain.indexOf(a[i]) < 0) return false;
  const cs = problem.confluences;
  for (let k = 0; k < cs.length; k++) if (!satisfies(problem, cs[k], a)) return false;
  return true;
}
