// Exact generalized arc consistency for confluences with bounded scope.
// A confluence's truth depends only on the signs of its variables, so supports are
// found by enumerating sign combinations (at most 3^k for k distinct variables) and a
// cell is kept exactly when its sign occurs in some satisfying combination.
import { Problem, cellsWithSigns, signSet } from "./problem";
import { signBit, signPow } from "./signs";

export class GacResult {
  empty: bool = false;
  failVar: i32 = -1;
  // (confluence, variable, cell) triples, in removal order
  removals: Array<i32> = new Array<i32>();
  checks: i64 = 0;
  revisions: i64 = 0;
}

/**
 * Is confluence `c` satisfied when its scope variables take the signs in `sgn`
 * (indexed by scope position)? Semantics: every term zero, or at least one
 * positive and one negative term.
 */
export function confluenceHolds(p: Problem, c: i32, sgn: StaticArray<i32>): bool {
  let pos = false;
  let neg = false;
  for (let t = unchecked(p.confTerm[c]); t < unchecked(p.confTerm[c + 1]); t++) {
    let s = unchecked(p.termCoef[t]);
    for (let f = unchecked(p.termFac[t]); f < unchecked(p.termFac[t + 1]); f++) {
      s *= signPow(unchecked(sgn[p.facScope[f]]), unchecked(p.facExp[f]));
      if (s == 0) break;
    }
    if (s > 0) pos = true;
    else if (s < 0) neg = true;
    if (pos && neg) return true;
  }
  return !pos && !neg;
}

const signOfIndex: StaticArray<i32> = [-1, 0, 1];

/**
 * Revise one confluence: narrow every scope variable to the cells whose sign has a
 * satisfying support. Returns the number of scope variables whose domain shrank.
 */
function revise(p: Problem, c: i32, dom: StaticArray<u32>, sgn: StaticArray<i32>, avail: StaticArray<i32>,
  supp: StaticArray<i32>, idx: StaticArray<i32>, changed: StaticArray<i32>, res: GacResult): i32 {
  const s0 = unchecked(p.confScope[c]);
  const k = unchecked(p.confScope[c + 1]) - s0;
  let need: i32 = 0; // how many variables still lack support for some available sign
  for (let i = 0; i < k; i++) {
    const v = unchecked(p.scopeVar[s0 + i]);
    const a = signSet(p, v, unchecked(dom[v]));
    unchecked((avail[i] = a));
    unchecked((supp[i] = 0));
    if (a == 0) return -1;
    // first available sign index
    let j = 0;
    while (((a >> j) & 1) == 0) j++;
    unchecked((idx[i] = j));
    unchecked((sgn[i] = signOfIndex[j]));
    need++;
  }
  // odometer over available signs
  while (true) {
    res.checks++;
    if (confluenceHolds(p, c, sgn)) {
      for (let i = 0; i < k; i++) {
        const b = signBit(unchecked(sgn[i]));
        const before = unchecked(supp[i]);
        if ((before & b) == 0) {
          const after = before | b;
          unchecked((supp[i] = after));
          if (after == unchecked(avail[i])) need--;
        }
      }
      if (need == 0) break;
    }
    let i = k - 1;
    while (i >= 0) {
      const a = unchecked(avail[i]);
      let j = unchecked(idx[i]) + 1;
      while (j < 3 && ((a >> j) & 1) == 0) j++;
      if (j < 3) {
        unchecked((idx[i] = j));
        unchecked((sgn[i] = signOfIndex[j]));
        break;
      }
      let j0 = 0;
      while (((a >> j0) & 1) == 0) j0++;
      unchecked((idx[i] = j0));
      unchecked((sgn[i] = signOfIndex[j0]));
      i--;
    }
    if (i < 0) break;
  }
  let nChanged: i32 = 0;
  for (let i = 0; i < k; i++) {
    if (unchecked(supp[i]) == unchecked(avail[i])) continue;
    const v = unchecked(p.scopeVar[s0 + i]);
    const before = unchecked(dom[v]);
    const after = before & cellsWithSigns(p, v, unchecked(supp[i]));
    if (after == before) continue;
    let removed = before & ~after;
    while (removed != 0) {
      const cell = <i32>ctz(removed);
      res.removals.push(c);
      res.removals.push(v);
      res.removals.push(cell);
      removed &= removed - 1;
    }
    unchecked((dom[v] = after));
    unchecked((changed[nChanged++] = v));
  }
  return nChanged;
}

/** FIFO of confluences awaiting revision; each is queued at most once, and only when its scope is bounded. */
class ConfluenceQueue {
  items: StaticArray<i32>;
  queued: StaticArray<bool>;
  head: i32 = 0;
  tail: i32 = 0;
  size: i32 = 0;
  constructor(public p: Problem, public maxScope: i32) {
    this.items = new StaticArray<i32>(p.nConf + 1);
    this.queued = new StaticArray<bool>(p.nConf);
  }
  push(c: i32): void {
    if (unchecked(this.queued[c])) return;
    if (unchecked(this.p.confScope[c + 1]) - unchecked(this.p.confScope[c]) > this.maxScope) return;
    unchecked((this.items[this.tail] = c));
    this.tail = (this.tail + 1) % this.items.length;
    this.size++;
    unchecked((this.queued[c] = true));
  }
  pop(): i32 {
    const c = unchecked(this.items[this.head]);
    this.head = (this.head + 1) % this.items.length;
    this.size--;
    unchecked((this.queued[c] = false));
    return c;
  }
}

/** Run GAC to a fixpoint over all confluences whose scope is at most maxScope. */
export function gac(p: Problem, dom: StaticArray<u32>, maxScope: i32): GacResult {
  const res = new GacResult();
  for (let v = 0; v < p.nVars; v++) {
    if (unchecked(dom[v]) == 0) {
      res.empty = true;
      res.failVar = v;
      return res;
    }
  }
  let maxK: i32 = 0;
  for (let c = 0; c < p.nConf; c++) maxK = max(maxK, unchecked(p.confScope[c + 1]) - unchecked(p.confScope[c]));
  const sgn = new StaticArray<i32>(maxK);
  const avail = new StaticArray<i32>(maxK);
  const supp = new StaticArray<i32>(maxK);
  const idx = new StaticArray<i32>(maxK);
  const changed = new StaticArray<i32>(maxK);
  const queue = new ConfluenceQueue(p, maxScope);
  for (let c = 0; c < p.nConf; c++) queue.push(c);
  while (queue.size > 0) {
    const c = queue.pop();
    res.revisions++;
    const nChanged = revise(p, c, dom, sgn, avail, supp, idx, changed, res);
    for (let i = 0; i < nChanged; i++) {
      const v = unchecked(changed[i]);
      if (unchecked(dom[v]) == 0) {
        res.empty = true;
        res.failVar = v;
        return res;
      }
      for (let j = unchecked(p.varConfStart[v]); j < unchecked(p.varConfStart[v + 1]); j++) {
        const c2 = unchecked(p.varConf[j]);
        if (c2 != c) queue.push(c2);
      }
    }
  }
  return res;
}
