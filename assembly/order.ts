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

/** Binary min-heap of (fill, degree, vertex) triples, compared in that order. */
class MinHeap {
  data: Array<i32> = new Array<i32>();
  private less(i: i32, j: i32): bool {
    const a = i * 3;
    const b = j * 3;
    const d = this.data;
    if (unchecked(d[a]) != unchecked(d[b])) return unchecked(d[a]) < unchecked(d[b]);
    if (unchecked(d[a + 1]) != unchecked(d[b + 1])) return unchecked(d[a + 1]) < unchecked(d[b + 1]);
    return unchecked(d[a + 2]) < unchecked(d[b + 2]);
  }
  private swap(i: i32, j: i32): void {
    const d = this.data;
    for (let k = 0; k < 3; k++) {
      const t = unchecked(d[i * 3 + k]);
      unchecked((d[i * 3 + k] = d[j * 3 + k]));
      unchecked((d[j * 3 + k] = t));
    }
  }
  push(fill: i32, deg: i32, v: i32): void {
    this.data.push(fill);
    this.data.push(deg);
    this.data.push(v);
    let i = this.data.length / 3 - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }
  topFill(): i32 { return unchecked(this.data[0]); }
  topDeg(): i32 { return unchecked(this.data[1]); }
  topVertex(): i32 { return unchecked(this.data[2]); }
  pop(): void {
    const n = this.data.length / 3 - 1;
    if (n > 0) this.swap(0, n);
    this.data.length = n * 3;
    let i = 0;
    while (true) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < n && this.less(l, m)) m = l;
      if (r < n && this.less(r, m)) m = r;
      if (m == i) break;
      this.swap(i, m);
      i = m;
    }
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
 * lowest index), connecting its remaining neighbours. The MDD order reverses the
 * elimination order, refined without changing its fill (see eliminationTreeOrder).
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
  const elim = new StaticArray<i32>(n); // elimination sequence
  const live = new Array<i32>();
  const heap = new MinHeap();
  for (let v = 0; v < n; v++) heap.push(unchecked(fill[v]), unchecked(deg[v]), v);
  for (let step = 0; step < n; step++) {
    // pop until an entry matches its vertex's current (fill, degree): older ones are stale
    let best: i32 = -1;
    while (best < 0) {
      const v = heap.topVertex();
      const f = heap.topFill();
      const d = heap.topDeg();
      heap.pop();
      if (!unchecked(removed[v]) && f == unchecked(fill[v]) && d == unchecked(deg[v])) best = v;
    }
    unchecked((removed[best] = true));
    unchecked((elim[step] = best));
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
        const f = fillOf(g, w, removed);
        const dg = degreeOf(g, w, removed);
        if (f != unchecked(fill[w]) || dg != unchecked(deg[w])) {
          unchecked((fill[w] = f));
          unchecked((deg[w] = dg));
          heap.push(f, dg, w);
        }
      }
    }
  }
  return eliminationTreeOrder(g, elim);
}

/**
 * Plain reverse elimination puts every variable eliminated early (leaves such as a
 * sensor reading) at the bottom, far from the variables it shares confluences with,
 * which keeps those confluences open across most layers. Instead, build the
 * elimination tree of the filled graph (a variable's parent is its earliest-eliminated
 * later neighbour) and list it depth first from the roots: each variable still comes
 * after all its later-eliminated neighbours, so this is the reverse of another perfect
 * elimination order of the same filled graph (no extra fill), but every subtree is
 * contiguous. Roots go last-eliminated first; children smallest subtree first (ties:
 * later-eliminated first).
 */
function eliminationTreeOrder(g: Graph, elim: StaticArray<i32>): StaticArray<i32> {
  const n = elim.length;
  const step = new StaticArray<i32>(n);
  for (let i = 0; i < n; i++) unchecked((step[elim[i]] = i));
  const parent = new StaticArray<i32>(n);
  const size = new StaticArray<i32>(n);
  for (let i = 0; i < n; i++) {
    const v = unchecked(elim[i]);
    const nb = unchecked(g.nbrs[v]);
    let p: i32 = -1;
    for (let j = 0; j < nb.length; j++) {
      const w = unchecked(nb[j]);
      if (unchecked(step[w]) > i && (p < 0 || unchecked(step[w]) < unchecked(step[p]))) p = w;
    }
    unchecked((parent[v] = p));
  }
  // children are eliminated before their parents, so one pass in elimination order sums sizes
  for (let i = 0; i < n; i++) {
    const v = unchecked(elim[i]);
    unchecked((size[v] = size[v] + 1));
    const p = unchecked(parent[v]);
    if (p >= 0) unchecked((size[p] = size[p] + size[v]));
  }
  const kids = new Array<Array<i32>>(n);
  for (let v = 0; v < n; v++) unchecked((kids[v] = new Array<i32>()));
  for (let i = 0; i < n; i++) {
    const v = unchecked(elim[i]);
    const p = unchecked(parent[v]);
    if (p >= 0) unchecked(kids[p]).push(v);
  }
  for (let v = 0; v < n; v++) {
    const k = unchecked(kids[v]);
    // insertion sort: children lists are short
    for (let a = 1; a < k.length; a++) {
      const x = unchecked(k[a]);
      let b = a - 1;
      while (b >= 0 && before(x, unchecked(k[b]), size, step)) {
        unchecked((k[b + 1] = k[b]));
        b--;
      }
      unchecked((k[b + 1] = x));
    }
  }
  const order = new StaticArray<i32>(n);
  let at: i32 = 0;
  const stack = new Array<i32>();
  for (let i = n - 1; i >= 0; i--) {
    const r = unchecked(elim[i]);
    if (unchecked(parent[r]) >= 0) continue;
    stack.push(r);
    while (stack.length > 0) {
      const v = stack.pop();
      unchecked((order[at++] = v));
      const k = unchecked(kids[v]);
      for (let j = k.length - 1; j >= 0; j--) stack.push(unchecked(k[j]));
    }
  }
  assert(at == n, "elimination tree order misses a variable");
  return order;
}

/** Child x is listed before child y: smaller subtree, then eliminated later. */
function before(x: i32, y: i32, size: StaticArray<i32>, step: StaticArray<i32>): bool {
  const sx = unchecked(size[x]);
  const sy = unchecked(size[y]);
  if (sx != sy) return sx < sy;
  return unchecked(step[x]) > unchecked(step[y]);
}
