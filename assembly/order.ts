// Reverse min-fill variable order on the primal graph of a confluence system.
import { Problem } from "./problem";

class Graph {
  n: i32;
  words: i32;
  bits: StaticArray<u32>;
  nbrs: Array<Array<i32>>;
  constructor(n: i32) {
    const words = (n + 31) >> 5;
    this.n = n;
    this.words = words;
    this.bits = new StaticArray<u32>(n * words);
    this.nbrs = new Array<Array<i32>>(n);
    for (let i = 0; i < n; i++) unchecked((this.nbrs[i] = new Array<i32>()));
  }
  has(a: i32, b: i32): bool {
    return (unchecked(this.bits[a * this.words + (b >> 5)]) & (<u32>1 << <u32>(b & 31))) != 0;
  }
  add(a: i32, b: i32): void {
    if (a == b || this.has(a, b)) return;
    const i = a * this.words + (b >> 5);
    unchecked((this.bits[i] = this.bits[i] | (<u32>1 << <u32>(b & 31))));
    const j = b * this.words + (a >> 5);
    unchecked((this.bits[j] = this.bits[j] | (<u32>1 << <u32>(a & 31))));
    unchecked(this.nbrs[a]).push(b);
    unchecked(this.nbrs[b]).push(a);
  }
}

function fillOf(g: Graph, v: i32, removed: StaticArray<bool>): i32 {
  const nb = unchecked(g.nbrs[v]);
  let fill: i32 = 0;
  for (let i = 0; i < nb.length; i++) {
    const a = unchecked(nb[i]);
    if (unchecked(removed[a])) continue;
    for (let j = i + 1; j < nb.length; j++) {
      const b = unchecked(nb[j]);
      if (!unchecked(removed[b]) && !g.has(a, b)) fill++;
    }
  }
  return fill;
}

function degreeOf(g: Graph, v: i32, removed: StaticArray<bool>): i32 {
  const nb = unchecked(g.nbrs[v]);
  let d: i32 = 0;
  for (let i = 0; i < nb.length; i++) if (!unchecked(removed[nb[i]])) d++;
  return d;
}

/**
 * Greedy min-fill elimination: repeatedly eliminate the remaining variable whose
 * elimination adds the fewest fill edges (ties: fewest remaining neighbours, then
 * lowest index), connecting its remaining neighbours. The MDD order is the reverse
 * of the elimination order, so the variables eliminated first sit at the bottom.
 */
export function reverseMinFill(p: Problem): StaticArray<i32> {
  const n = p.nVars;
  const g = new Graph(n);
  for (let c = 0; c < p.nConf; c++) {
    const a = unchecked(p.confScope[c]);
    const b = unchecked(p.confScope[c + 1]);
    for (let i = a; i < b; i++) {
      for (let j = i + 1; j < b; j++) g.add(unchecked(p.scopeVar[i]), unchecked(p.scopeVar[j]));
    }
  }
  const removed = new StaticArray<bool>(n);
  const fill = new StaticArray<i32>(n);
  const deg = new StaticArray<i32>(n);
  const dirty = new StaticArray<bool>(n);
  for (let v = 0; v < n; v++) {
    unchecked((fill[v] = fillOf(g, v, removed)));
    unchecked((deg[v] = degreeOf(g, v, removed)));
  }
  const order = new StaticArray<i32>(n);
  const live = new Array<i32>();
  for (let step = 0; step < n; step++) {
    let best: i32 = -1;
    for (let v = 0; v < n; v++) {
      if (unchecked(removed[v])) continue;
      if (best < 0 || unchecked(fill[v]) < unchecked(fill[best]) ||
        (unchecked(fill[v]) == unchecked(fill[best]) && unchecked(deg[v]) < unchecked(deg[best]))) best = v;
    }
    unchecked((removed[best] = true));
    unchecked((order[n - 1 - step] = best));
    live.length = 0;
    const nb = unchecked(g.nbrs[best]);
    for (let i = 0; i < nb.length; i++) if (!unchecked(removed[nb[i]])) live.push(unchecked(nb[i]));
    for (let i = 0; i < live.length; i++) {
      for (let j = i + 1; j < live.length; j++) g.add(unchecked(live[i]), unchecked(live[j]));
    }
    // Fill counts change only for the eliminated vertex's neighbours and theirs.
    for (let i = 0; i < live.length; i++) {
      const a = unchecked(live[i]);
      unchecked((dirty[a] = true));
      const na = unchecked(g.nbrs[a]);
      for (let j = 0; j < na.length; j++) unchecked((dirty[na[j]] = true));
    }
    for (let i = 0; i < live.length; i++) {
      const a = unchecked(live[i]);
      const na = unchecked(g.nbrs[a]);
      for (let j = -1; j < na.length; j++) {
        const w = j < 0 ? a : unchecked(na[j]);
        if (!unchecked(dirty[w])) continue;
        unchecked((dirty[w] = false));
        if (unchecked(removed[w])) continue;
        unchecked((fill[w] = fillOf(g, w, removed)));
        unchecked((deg[w] = degreeOf(g, w, removed)));
      }
    }
  }
  return order;
}
