// A plain TypeScript port of the kernel's original dense reverse min-fill order (an
// n×n adjacency matrix, a heap of (fill, degree, vertex) entries with stale ones
// skipped), kept as the reference the sparse kernel order must reproduce exactly.
import type { Problem } from "../compile/problem.ts";
import type { KernelProblem } from "./kernel.ts";

/** The distinct variables of each confluence, in order of first occurrence. */
export function scopesOf(p: Problem): number[][] {
  return p.confluences.map((c) => [...new Set(c.terms.flatMap((t) => t.factors.map((f) => f.var)))]);
}

/**
 * A kernel problem with the given primal structure (one term per scope variable); the
 * order depends on nothing else, so cells and domains are placeholders.
 */
export function structureProblem(nVars: number, scopes: number[][]): KernelProblem {
  const one = Array<number>(nVars).fill(1);
  return {
    cells: one,
    domain: one,
    neg: Array<number>(nVars).fill(0),
    zero: one,
    pos: Array<number>(nVars).fill(0),
    confluences: scopes.map((s) => s.map((v) => ({ coef: 1, factors: [{ var: v, exp: 1 }] }))),
  };
}

/** The MDD order of the original dense algorithm (semantics §10 step 5). */
export function denseReverseMinFill(n: number, scopes: number[][]): number[] {
  const adj = new Uint8Array(n * n);
  const nbrs: number[][] = Array.from({ length: n }, () => []);
  const has = (a: number, b: number) => adj[a * n + b] === 1;
  const add = (a: number, b: number) => {
    if (a === b || has(a, b)) return;
    adj[a * n + b] = adj[b * n + a] = 1;
    nbrs[a].push(b);
    nbrs[b].push(a);
  };
  for (const s of scopes) for (let i = 0; i < s.length; i++) for (let j = i + 1; j < s.length; j++) add(s[i], s[j]);
  const removed = new Uint8Array(n);
  const fillOf = (v: number) => {
    const nb = nbrs[v];
    let fill = 0;
    for (let i = 0; i < nb.length; i++) {
      if (removed[nb[i]]) continue;
      for (let j = i + 1; j < nb.length; j++) if (!removed[nb[j]] && !has(nb[i], nb[j])) fill++;
    }
    return fill;
  };
  const degreeOf = (v: number) => nbrs[v].filter((w) => !removed[w]).length;
  const fill = Array.from({ length: n }, (_, v) => fillOf(v));
  const deg = Array.from({ length: n }, (_, v) => degreeOf(v));
  const dirty = new Uint8Array(n);
  // binary heap of [fill, degree, vertex]
  const heap: [number, number, number][] = [];
  const less = (x: [number, number, number], y: [number, number, number]) =>
    x[0] !== y[0] ? x[0] < y[0] : x[1] !== y[1] ? x[1] < y[1] : x[2] < y[2];
  const push = (e: [number, number, number]) => {
    heap.push(e);
    for (let i = heap.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!less(heap[i], heap[p])) break;
      [heap[i], heap[p]] = [heap[p], heap[i]];
      i = p;
    }
  };
  const pop = () => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0;;) {
        const l = 2 * i + 1;
        let m = i;
        if (l < heap.length && less(heap[l], heap[m])) m = l;
        if (l + 1 < heap.length && less(heap[l + 1], heap[m])) m = l + 1;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m], heap[i]];
        i = m;
      }
    }
    return top;
  };
  for (let v = 0; v < n; v++) push([fill[v], deg[v], v]);
  const elim: number[] = [];
  for (let step = 0; step < n; step++) {
    let best = -1;
    while (best < 0) {
      const [f, d, v] = pop();
      if (!removed[v] && f === fill[v] && d === deg[v]) best = v;
    }
    removed[best] = 1;
    elim.push(best);
    const live = nbrs[best].filter((w) => !removed[w]);
    for (let i = 0; i < live.length; i++) for (let j = i + 1; j < live.length; j++) add(live[i], live[j]);
    for (const a of live) {
      dirty[a] = 1;
      for (const w of nbrs[a]) dirty[w] = 1;
    }
    for (const a of live) {
      for (const w of [a, ...nbrs[a]]) {
        if (!dirty[w]) continue;
        dirty[w] = 0;
        if (removed[w]) continue;
        const f = fillOf(w);
        const d = degreeOf(w);
        if (f !== fill[w] || d !== deg[w]) {
          fill[w] = f;
          deg[w] = d;
          push([f, d, w]);
        }
      }
    }
  }
  // elimination tree: parent = earliest-eliminated later neighbour in the filled graph
  const step = new Array<number>(n);
  elim.forEach((v, i) => (step[v] = i));
  const parent = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const v = elim[i];
    for (const w of nbrs[v]) if (step[w] > i && (parent[v] < 0 || step[w] < step[parent[v]])) parent[v] = w;
  }
  const size = new Array<number>(n).fill(0);
  for (const v of elim) {
    size[v]++;
    if (parent[v] >= 0) size[parent[v]] += size[v];
  }
  const kids: number[][] = Array.from({ length: n }, () => []);
  for (const v of elim) if (parent[v] >= 0) kids[parent[v]].push(v);
  // smaller subtree first, then eliminated later first
  for (const k of kids) k.sort((x, y) => size[x] - size[y] || step[y] - step[x]);
  const order: number[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const r = elim[i];
    if (parent[r] >= 0) continue;
    const stack = [r];
    while (stack.length > 0) {
      const v = stack.pop()!;
      order.push(v);
      for (let j = kids[v].length - 1; j >= 0; j--) stack.push(kids[v][j]);
    }
  }
  return order;
}
