// The reference solver: plain backtracking over every variable's domain in index
// order, checking each confluence once all its variables are assigned. Obviously
// correct and exponential; tests and benchmarks compare the WASM solver against it.
import type { Problem } from "../compile/problem.ts";
import { satisfies } from "./semantics.ts";

export interface ReferenceResult {
  count: bigint;
  /** Every admissible interpretation, in lexicographic order of cell indices (empty when not kept). */
  interpretations: number[][];
  /** Cells taken by at least one interpretation, per variable (ascending). */
  supported: number[][];
  /** Variable index → the cell every interpretation takes. */
  forced: Map<number, number>;
  /** Confluence evaluations performed (for throughput comparisons). */
  checks: number;
}

export interface ReferenceOptions {
  /**
   * A `performance.now()` time: past it the search stops with ReferenceTimeout instead of
   * running on (it is exponential), checked every few thousand steps.
   */
  deadline?: number;
  /** Keep every interpretation (default true); false counts them in constant memory. */
  keepInterpretations?: boolean;
}

export class ReferenceTimeout extends Error {
  override name = "ReferenceTimeout";
}

/** Search steps between two looks at the clock (a clock read per step would dominate small problems). */
const CLOCK_EVERY = 4096;

export function referenceSolve(problem: Problem, options: ReferenceOptions = {}): ReferenceResult {
  const n = problem.variables.length;
  const deadline = options.deadline ?? Infinity;
  const keep = options.keepInterpretations ?? true;
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
  // per variable, the cells some interpretation takes, as one set each
  const taken = Array.from({ length: n }, () => new Set<number>());
  let count = 0;
  const domains = problem.variables.map((v) => [...v.domain].sort((x, y) => x - y));
  let checks = 0;
  let steps = 0;
  const check = (c: number) => {
    checks++;
    return satisfies(problem, problem.confluences[c], a);
  };
  const constantOk = constant.every(check);
  const visit = (i: number): void => {
    if (++steps % CLOCK_EVERY === 0 && performance.now() > deadline) {
      throw new ReferenceTimeout(`the reference solver passed its deadline after ${count} interpretations`);
    }
    if (i === n) {
      count++;
      if (keep) found.push([...a]);
      for (let v = 0; v < n; v++) taken[v].add(a[v]);
      return;
    }
    for (const cell of domains[i]) {
      a[i] = cell;
      if (checkAt[i].every(check)) visit(i + 1);
    }
  };
  if (constantOk) visit(0);
  const supported = taken.map((cells) => [...cells].sort((x, y) => x - y));
  const forced = new Map<number, number>();
  if (count > 0) supported.forEach((cells, v) => cells.length === 1 && forced.set(v, cells[0]));
  return { count: BigInt(count), interpretations: found, supported, forced, checks };
}
