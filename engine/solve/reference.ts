// The reference solver: plain backtracking over every variable's domain in index
// order, checking each confluence once all its variables are assigned. Obviously
// correct and exponential; tests and benchmarks compare the WASM solver against it.
import type { Problem } from "../compile/problem.ts";
import { satisfies } from "./semantics.ts";

export interface ReferenceResult {
  count: bigint;
  /** Every admissible interpretation, in lexicographic order of cell indices. */
  interpretations: number[][];
  /** Cells taken by at least one interpretation, per variable (ascending). */
  supported: number[][];
  /** Variable index → the cell every interpretation takes. */
  forced: Map<number, number>;
  /** Confluence evaluations performed (for throughput comparisons). */
  checks: number;
}

export function referenceSolve(problem: Problem): ReferenceResult {
  const n = problem.variables.length;
  // Confluences become checkable at the largest variable index they mention.
  const checkAt: number[][] = Array.from({ length: n }, () => []);
  const constant: number[] = [];
  problem.confluences.forEach((c, i) => {
    const vars = c.terms.flatMap((t) => t.factors.map((f) => f.var));
    if (vars.length === 0) constant.push(i);
    else checkAt[Math.max(...vars)].push(i);
  });
  const a = new Array<number>(n).fill(0);
  const found: number[][] = [];
  const domains = problem.variables.map((v) => [...v.domain].sort((x, y) => x - y));
  let checks = 0;
  const check = (c: number) => {
    checks++;
    return satisfies(problem, problem.confluences[c], a);
  };
  const constantOk = constant.every(check);
  const visit = (i: number): void => {
    if (i === n) {
      found.push([...a]);
      return;
    }
    for (const cell of domains[i]) {
      a[i] = cell;
      if (checkAt[i].every(check)) visit(i + 1);
    }
  };
  if (constantOk) visit(0);
  const supported = problem.variables.map((_, v) => [...new Set(found.map((x) => x[v]))].sort((x, y) => x - y));
  const forced = new Map<number, number>();
  if (found.length > 0) supported.forEach((cells, v) => cells.length === 1 && forced.set(v, cells[0]));
  return { count: BigInt(found.length), interpretations: found, supported, forced, checks };
}
