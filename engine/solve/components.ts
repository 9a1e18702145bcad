// Connected components of the primal graph (variables linked by shared confluences).
import type { Problem } from "../compile/problem.ts";

export interface ComponentPlan {
  /** Global variable indices, ascending. */
  vars: number[];
  /** Global confluence indices, ascending. */
  confluences: number[];
}

export function connectedComponents(problem: Problem): ComponentPlan[] {
  const n = problem.variables.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  const scopes = problem.confluences.map((c) => [...new Set(c.terms.flatMap((t) => t.factors.map((f) => f.var)))]);
  for (const scope of scopes) {
    for (let i = 1; i < scope.length; i++) {
      const a = find(scope[0]);
      const b = find(scope[i]);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  const byRoot = new Map<number, ComponentPlan>();
  for (let v = 0; v < n; v++) {
    const r = find(v);
    let comp = byRoot.get(r);
    if (!comp) byRoot.set(r, (comp = { vars: [], confluences: [] }));
    comp.vars.push(v);
  }
  scopes.forEach((scope, i) => {
    if (scope.length > 0) byRoot.get(find(scope[0]))!.confluences.push(i);
  });
  return [...byRoot.values()];
}

/**
 * Cheapest first: fewer variables, then a smaller sum of domain sizes, then the
 * lowest variable index. Cheap components that turn out empty end the solve early.
 */
export function cheapestFirst(problem: Problem, comps: ComponentPlan[]): ComponentPlan[] {
  const cost = (c: ComponentPlan) => c.vars.reduce((s, v) => s + problem.variables[v].domain.length, 0);
  return [...comps].sort((a, b) => a.vars.length - b.vars.length || cost(a) - cost(b) || a.vars[0] - b.vars[0]);
}
