// An independent exact counter for tests: variable elimination (bucket elimination)
// over BigInt tables, with each confluence turned into a 0/1 table by `satisfies`.
// It shares nothing with the WASM kernels but the semantics, and it is exact for any
// structure, though its tables grow exponentially with the induced width.
import type { Problem } from "../compile/problem.ts";
import { satisfies } from "../solve/semantics.ts";

interface Factor {
  vars: number[];
  table: bigint[]; // mixed radix over the vars' domain positions, last var fastest
}

/** Refuse instead of thrashing when the elimination order meets a wide cut. */
const MAX_TABLE = 1 << 20;

export function eliminationCount(p: Problem): bigint {
  const doms = p.variables.map((v) => [...v.domain].sort((a, b) => a - b));
  if (doms.some((d) => d.length === 0)) return 0n;
  const size = (vars: number[]) => vars.reduce((s, v) => s * doms[v].length, 1);
  const a = new Array<number>(p.variables.length).fill(0);
  const factors: (Factor | null)[] = [];
  let constant = 1n;
  for (const c of p.confluences) {
    const vars = [...new Set(c.terms.flatMap((t) => t.factors.map((f) => f.var)))];
    const table: bigint[] = [];
    forEachAssignment(vars, doms, (cells) => {
      vars.forEach((v, i) => (a[v] = cells[i]));
      table.push(satisfies(p, c, a) ? 1n : 0n);
    });
    if (vars.length === 0) constant *= table[0];
    else factors.push({ vars, table });
  }
  const factorsOf: Set<number>[] = p.variables.map(() => new Set());
  factors.forEach((f, i) => f!.vars.forEach((v) => factorsOf[v].add(i)));
  const alive = new Set(p.variables.map((_, v) => v));
  const neighbours = (v: number) => {
    const s = new Set<number>();
    for (const fi of factorsOf[v]) for (const u of factors[fi]!.vars) if (u !== v) s.add(u);
    return [...s];
  };
  // Greedy: eliminate the variable whose new table is smallest.
  const cost = new Map<number, number>();
  for (const v of alive) cost.set(v, size(neighbours(v)));
  while (alive.size > 0) {
    let best = -1;
    for (const v of alive) if (best < 0 || cost.get(v)! < cost.get(best)!) best = v;
    const v = best;
    alive.delete(v);
    const mine = [...factorsOf[v]].map((i) => factors[i]!);
    const rest = neighbours(v);
    if (size(rest) > MAX_TABLE) throw new RangeError(`elimination table of ${size(rest)} entries`);
    const table: bigint[] = [];
    const pos = new Map<number, number>(); // variable -> position in its sorted domain
    forEachAssignment(rest, doms, (cells) => {
      rest.forEach((u, i) => pos.set(u, cells[i]));
      let sum = 0n;
      for (let j = 0; j < doms[v].length; j++) {
        pos.set(v, j);
        let prod = 1n;
        for (const f of mine) {
          let idx = 0;
          for (const u of f.vars) idx = idx * doms[u].length + pos.get(u)!;
          prod *= f.table[idx];
          if (prod === 0n) break;
        }
        sum += prod;
      }
      table.push(sum);
    }, true);
    for (const i of factorsOf[v]) {
      for (const u of factors[i]!.vars) if (u !== v) factorsOf[u].delete(i);
      factors[i] = null;
    }
    factorsOf[v].clear();
    if (rest.length === 0) constant *= table[0];
    else {
      const id = factors.length;
      factors.push({ vars: rest, table });
      rest.forEach((u) => factorsOf[u].add(id));
    }
    for (const u of rest) cost.set(u, size(neighbours(u)));
    if (constant === 0n) return 0n;
  }
  return constant;
}

/** Calls fn with each assignment of cell positions (or cells) to vars, last var fastest. */
function forEachAssignment(vars: number[], doms: number[][], fn: (cells: number[]) => void, positions = false): void {
  const idx = vars.map(() => 0);
  while (true) {
    fn(positions ? idx : idx.map((j, i) => doms[vars[i]][j]));
    let i = vars.length - 1;
    while (i >= 0 && ++idx[i] === doms[vars[i]].length) idx[i--] = 0;
    if (i < 0) return;
  }
}
