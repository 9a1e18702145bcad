// Reverse min-fill variable order on the primal graph of a confluence system.
//
// The graph is sparse: each vertex keeps a list of its live neighbours, and adjacency
// is tested by stamping one vertex's neighbours in a marker array, so memory is linear
// in the edges of the filled graph (a dense n×n bit matrix grew quadratically and
// could not be allocated at all beyond about 93,000 variables). When a vertex is
// eliminated it is pruned from its neighbours' lists, so every live list holds live
// vertices only and an eliminated vertex's own list stays frozen at exactly its
// later-eliminated neighbours, which is what the elimination tree needs.
import { Problem } from "./problem";

/**
 * Neighbour lists in one pool: v's list is pool[start[v] .. start[v] + len[v]) with
 * room for cap[v]; a full list moves to the end of the pool with twice the room (the
 * space it leaves is not reused, so the pool stays within a few times the edges).
 */
class Graph {
  n: i32;
  start: StaticArray<i32>;
  len: StaticArray<i32>;
  cap: StaticArray<i32>;
  pool: StaticArray<i32>;
  used: i32 = 0;
  /** mark[v] == stamp: v is in the set being tested. */
  mark: StaticArray<i32>;
  stamp: i32 = 0;
  constructor(n: i32) {
    this.n = n;
    this.start = new StaticArray<i32>(n);
    this.len = new StaticArray<i32>(n);
    this.cap = new StaticArray<i32>(n);
    this.mark = new StaticArray<i32>(n);
    this.pool = new StaticArray<i32>(16);
  }
  /** A fresh stamp: no vertex carries it yet. */
  nextStamp(): i32 {
    if (this.stamp == i32.MAX_VALUE) {
      for (let i = 0; i < this.n; i++) unchecked((this.mark[i] = 0));
      this.stamp = 0;
    }
    return ++this.stamp;
  }
  /** Takes `words` words at the end of the pool; returns where they start. */
  take(words: i32): i32 {
    const at = this.used;
    const need = <i64>at + <i64>words;
    if (need > <i64>this.pool.length) {
      let size = <i64>this.pool.length;
      while (size < need) size <<= 1;
      const grown = new StaticArray<i32>(<i32>min(size, <i64>i32.MAX_VALUE));
      memory.copy(changetype<usize>(grown), changetype<usize>(this.pool), <usize>at << 2);
      this.pool = grown;
    }
    this.used = at + words;
    return at;
  }
  /**
   * Lays the lists out one after another, each with the room cap[v] holds, in a pool
   * twice that size: fill edges move lists into the second half.
   */
  layout(): void {
    let total: i64 = 0;
    for (let v = 0; v < this.n; v++) total += <i64>unchecked(this.cap[v]);
    this.pool = new StaticArray<i32>(<i32>min(max(total * 2, 16), <i64>i32.MAX_VALUE));
    let at: i32 = 0;
    for (let v = 0; v < this.n; v++) {
      unchecked((this.start[v] = at));
      at += unchecked(this.cap[v]);
    }
    this.used = at;
  }
  push(v: i32, u: i32): void {
    const l = unchecked(this.len[v]);
    if (l == unchecked(this.cap[v])) {
      const room = max(4, l << 1);
      const at = this.take(room);
      const from = unchecked(this.start[v]);
      for (let i = 0; i < l; i++) unchecked((this.pool[at + i] = this.pool[from + i]));
      unchecked((this.start[v] = at));
      unchecked((this.cap[v] = room));
    }
    unchecked((this.pool[this.start[v] + l] = u));
    unchecked((this.len[v] = l + 1));
  }
  /** Stamps the neighbours of v; returns the stamp. */
  markNeighbours(v: i32): i32 {
    const s = this.nextStamp();
    const a = unchecked(this.start[v]);
    const b = a + unchecked(this.len[v]);
    for (let i = a; i < b; i++) unchecked((this.mark[this.pool[i]] = s));
    return s;
  }
  /** Drops v from u's list (order within a list does not matter). */
  unlink(u: i32, v: i32): void {
    const a = unchecked(this.start[u]);
    const last = a + unchecked(this.len[u]) - 1;
    for (let i = a; i <= last; i++) {
      if (unchecked(this.pool[i]) == v) {
        unchecked((this.pool[i] = this.pool[last]));
        unchecked((this.len[u] = this.len[u] - 1));
        return;
      }
    }
  }
}

/**
 * Indexed binary min-heap of the live vertices, keyed by (fill, degree, vertex) and
 * compared in that order; a vertex's key is updated in place when it changes, so the
 * heap never holds more than one entry per vertex.
 */
class VertexHeap {
  heap: StaticArray<i32>;
  at: StaticArray<i32>; // position of each vertex in heap, -1 once popped
  size: i32 = 0;
  constructor(public fill: StaticArray<i32>, public deg: StaticArray<i32>) {
    const n = fill.length;
    this.heap = new StaticArray<i32>(n);
    this.at = new StaticArray<i32>(n);
    for (let v = 0; v < n; v++) {
      unchecked((this.heap[v] = v));
      unchecked((this.at[v] = v));
    }
    this.size = n;
    for (let i = (n >> 1) - 1; i >= 0; i--) this.down(i);
  }
  private less(x: i32, y: i32): bool {
    const fx = unchecked(this.fill[x]);
    const fy = unchecked(this.fill[y]);
    if (fx != fy) return fx < fy;
    const dx = unchecked(this.deg[x]);
    const dy = unchecked(this.deg[y]);
    if (dx != dy) return dx < dy;
    return x < y;
  }
  private place(i: i32, v: i32): void {
    unchecked((this.heap[i] = v));
    unchecked((this.at[v] = i));
  }
  private up(i: i32): void {
    const v = unchecked(this.heap[i]);
    while (i > 0) {
      const p = (i - 1) >> 1;
      const w = unchecked(this.heap[p]);
      if (!this.less(v, w)) break;
      this.place(i, w);
      i = p;
    }
    this.place(i, v);
  }
  private down(i: i32): void {
    const v = unchecked(this.heap[i]);
    const n = this.size;
    while (true) {
      const l = 2 * i + 1;
      if (l >= n) break;
      let c = l;
      if (l + 1 < n && this.less(unchecked(this.heap[l + 1]), unchecked(this.heap[l]))) c = l + 1;
      const w = unchecked(this.heap[c]);
      if (!this.less(w, v)) break;
      this.place(i, w);
      i = c;
    }
    this.place(i, v);
  }
  /** Removes and returns the least vertex. */
  pop(): i32 {
    const top = unchecked(this.heap[0]);
    unchecked((this.at[top] = -1));
    this.size--;
    if (this.size > 0) {
      this.place(0, unchecked(this.heap[this.size]));
      this.down(0);
    }
    return top;
  }
  /** Restores the heap after v's key changed. */
  update(v: i32): void {
    const i = unchecked(this.at[v]);
    this.up(i);
    this.down(unchecked(this.at[v]));
  }
}

/**
 * Fill edges eliminating v would add: pairs of its live neighbours not yet adjacent,
 * C(d, 2) minus the edges among them (each counted from both ends).
 */
function fillOf(g: Graph, v: i32): i32 {
  const d = unchecked(g.len[v]);
  if (d < 2) return 0;
  const s = g.markNeighbours(v);
  const a = unchecked(g.start[v]);
  let inside: i64 = 0;
  for (let i = a; i < a + d; i++) {
    const w = unchecked(g.pool[i]);
    const b = unchecked(g.start[w]);
    const e = b + unchecked(g.len[w]);
    for (let j = b; j < e; j++) if (unchecked(g.mark[g.pool[j]]) == s) inside++;
  }
  const fill = (<i64>d * <i64>(d - 1)) / 2 - inside / 2;
  return fill > <i64>i32.MAX_VALUE ? i32.MAX_VALUE : <i32>fill;
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
  // Primal graph: v's neighbours are the other variables of its confluences, once
  // each. Count them first so that every initial list gets exactly its room.
  for (let pass = 0; pass < 2; pass++) {
    for (let v = 0; v < n; v++) {
      const s = g.nextStamp();
      unchecked((g.mark[v] = s));
      let d: i32 = 0;
      for (let j = unchecked(p.varConfStart[v]); j < unchecked(p.varConfStart[v + 1]); j++) {
        const c = unchecked(p.varConf[j]);
        for (let i = unchecked(p.confScope[c]); i < unchecked(p.confScope[c + 1]); i++) {
          const u = unchecked(p.scopeVar[i]);
          if (unchecked(g.mark[u]) != s) {
            unchecked((g.mark[u] = s));
            if (pass == 0) d++;
            else g.push(v, u);
          }
        }
      }
      if (pass == 0) unchecked((g.cap[v] = d));
    }
    if (pass == 0) g.layout();
  }
  const fill = new StaticArray<i32>(n);
  const deg = new StaticArray<i32>(n);
  const dirty = new StaticArray<bool>(n);
  for (let v = 0; v < n; v++) {
    unchecked((fill[v] = fillOf(g, v)));
    unchecked((deg[v] = g.len[v]));
  }
  const elim = new StaticArray<i32>(n); // elimination sequence
  const heap = new VertexHeap(fill, deg);
  for (let step = 0; step < n; step++) {
    const best = heap.pop();
    unchecked((elim[step] = best));
    // best's list holds its live neighbours and is frozen from now on
    const l0 = unchecked(g.start[best]);
    const l1 = l0 + unchecked(g.len[best]);
    for (let i = l0; i < l1; i++) g.unlink(unchecked(g.pool[i]), best);
    for (let i = l0; i < l1; i++) {
      const a = unchecked(g.pool[i]);
      const s = g.markNeighbours(a);
      for (let j = i + 1; j < l1; j++) {
        const b = unchecked(g.pool[j]);
        if (unchecked(g.mark[b]) != s) {
          g.push(a, b);
          g.push(b, a);
        }
      }
    }
    // Fill counts change only for the eliminated vertex's neighbours and theirs.
    for (let i = l0; i < l1; i++) {
      const a = unchecked(g.pool[i]);
      unchecked((dirty[a] = true));
      const b = unchecked(g.start[a]);
      const e = b + unchecked(g.len[a]);
      for (let j = b; j < e; j++) unchecked((dirty[g.pool[j]] = true));
    }
    for (let i = l0; i < l1; i++) {
      const a = unchecked(g.pool[i]);
      const b = unchecked(g.start[a]);
      const e = b + unchecked(g.len[a]);
      for (let j = b - 1; j < e; j++) {
        const w = j < b ? a : unchecked(g.pool[j]);
        if (!unchecked(dirty[w])) continue;
        unchecked((dirty[w] = false));
        const f = fillOf(g, w);
        const dg = unchecked(g.len[w]);
        if (f != unchecked(fill[w]) || dg != unchecked(deg[w])) {
          unchecked((fill[w] = f));
          unchecked((deg[w] = dg));
          heap.update(w);
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
    // v's frozen list is exactly its later-eliminated neighbours
    const a = unchecked(g.start[v]);
    const b = a + unchecked(g.len[v]);
    let p: i32 = -1;
    for (let j = a; j < b; j++) {
      const w = unchecked(g.pool[j]);
      if (p < 0 || unchecked(step[w]) < unchecked(step[p])) p = w;
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
  // children of v: kids[kidStart[v] .. kidStart[v + 1]), first in elimination order
  const kidStart = new StaticArray<i32>(n + 1);
  for (let v = 0; v < n; v++) {
    const p = unchecked(parent[v]);
    if (p >= 0) unchecked((kidStart[p + 1] = kidStart[p + 1] + 1));
  }
  for (let v = 0; v < n; v++) unchecked((kidStart[v + 1] = kidStart[v + 1] + kidStart[v]));
  const kids = new StaticArray<i32>(max(1, kidStart[n]));
  const fillAt = new StaticArray<i32>(n);
  for (let i = 0; i < n; i++) {
    const v = unchecked(elim[i]);
    const p = unchecked(parent[v]);
    if (p < 0) continue;
    unchecked((kids[kidStart[p] + fillAt[p]] = v));
    unchecked((fillAt[p] = fillAt[p] + 1));
  }
  for (let v = 0; v < n; v++) {
    const k0 = unchecked(kidStart[v]);
    const k1 = unchecked(kidStart[v + 1]);
    // insertion sort: children lists are short
    for (let a = k0 + 1; a < k1; a++) {
      const x = unchecked(kids[a]);
      let b = a - 1;
      while (b >= k0 && before(x, unchecked(kids[b]), size, step)) {
        unchecked((kids[b + 1] = kids[b]));
        b--;
      }
      unchecked((kids[b + 1] = x));
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
      for (let j = unchecked(kidStart[v + 1]) - 1; j >= unchecked(kidStart[v]); j--) stack.push(unchecked(kids[j]));
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
