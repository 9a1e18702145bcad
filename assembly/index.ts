// WASM entry points. The host writes an encoded problem (see problem.ts) into a buffer
// from alloc(), optionally followed by a variable order to use instead of computing
// one (nVars words, a permutation), calls solveComponent, then reads the result words
// at resultPtr(). The entry points free the input buffer once they have read it.
//
// Result words:
//   status (0 ok, 1 empty domain after GAC, 2 empty relation, 3 node limit), failVar,
//   nRemovals, then (confluence, variable, cell) per GAC removal,
//   domains after GAC [nVars],
//   orderLength (0 when GAC ended the solve before an order was needed, else nVars),
//   MDD order [orderLength],
//   and when the status is ok: supported cells [nVars],
//   reduced layer node counts [nVars + 1], nChildren, children...
import { decodeProblem } from "./problem";
import { gac } from "./gac";
import { reverseMinFill } from "./order";
import { compileMdd, MDD_OK, MddResult } from "./mdd";

export const STATUS_OK: i32 = 0;
export const STATUS_GAC_EMPTY: i32 = 1;

let result = new Array<i32>();
let checks: f64 = 0;
let revisions: f64 = 0;
let nodes: f64 = 0;

export function alloc(words: i32): usize {
  return heap.alloc(<usize>words << 2);
}

export function free(ptr: usize): void {
  heap.free(ptr);
}

export function resultPtr(): usize {
  return result.dataStart;
}

export function resultLength(): i32 {
  return result.length;
}

/** Confluence evaluations, GAC revisions and MDD nodes built by the last call. */
export function lastChecks(): f64 { return checks; }
export function lastRevisions(): f64 { return revisions; }
export function lastNodes(): f64 { return nodes; }

/** The MDD variable order of a problem alone (reverse min-fill), as the result words. */
export function variableOrder(ptr: usize, words: i32): i32 {
  const p = decodeProblem(ptr, words);
  heap.free(ptr);
  const order = reverseMinFill(p);
  result = new Array<i32>(order.length);
  for (let i = 0; i < order.length; i++) unchecked((result[i] = order[i]));
  return result.length;
}

/**
 * Inputs of at least this many words are large enough that garbage left by one stage
 * (decoding, GAC, ordering) is collected before the next allocates: otherwise the
 * incremental collector lets it pile up and WebAssembly memory doubles needlessly.
 */
const COLLECT_WORDS: i32 = 1 << 16;

export function solveComponent(ptr: usize, words: i32, maxScope: i32, nodeLimit: f64, givenOrder: i32): i32 {
  result = new Array<i32>(); // the previous result is garbage from here on
  const big = words >= COLLECT_WORDS;
  const p = decodeProblem(ptr, words);
  const n = p.nVars;
  let order: StaticArray<i32> | null = null;
  if (givenOrder != 0) order = readOrder(ptr, words, p.words, n);
  heap.free(ptr);
  const dom = new StaticArray<u32>(n);
  for (let v = 0; v < n; v++) unchecked((dom[v] = p.domain[v]));
  const g = gac(p, dom, maxScope);
  checks = <f64>g.checks;
  revisions = <f64>g.revisions;
  nodes = 0;
  if (g.empty) return emit(STATUS_GAC_EMPTY, g.failVar, g.removals, dom, null, null);
  if (big) __collect();
  if (order == null) {
    order = reverseMinFill(p);
    if (big) __collect();
  }
  const m = compileMdd(p, dom, order, <i64>nodeLimit);
  nodes = <f64>m.nodesBuilt;
  if (big) __collect();
  return emit(m.status, -1, g.removals, dom, order, m.status == MDD_OK ? m : null);
}

/** The order the host put after the problem's words; it must be a permutation of the variables. */
function readOrder(ptr: usize, words: i32, at: i32, n: i32): StaticArray<i32> {
  if (words - at < n) throw new Error("the given variable order is shorter than the problem's variables");
  const order = new StaticArray<i32>(n);
  const seen = new StaticArray<bool>(n);
  for (let i = 0; i < n; i++) {
    const v = load<i32>(ptr + (<usize>(at + i) << 2));
    if (v < 0 || v >= n || unchecked(seen[v])) throw new Error("the given variable order is not a permutation of the variables");
    unchecked((seen[v] = true));
    unchecked((order[i] = v));
  }
  return order;
}

/** Writes the result words (sized once: no growth garbage); returns their number. */
function emit(status: i32, failVar: i32, removals: Array<i32>, dom: StaticArray<u32>, order: StaticArray<i32> | null, m: MddResult | null): i32 {
  const n = dom.length;
  const nOrder = order == null ? 0 : n;
  const nChildren = m == null ? 0 : m.children.length;
  const size = 4 + removals.length + n + nOrder + (m == null ? 0 : n + (n + 1) + 1 + nChildren);
  const out = new Array<i32>(size);
  let at: i32 = 0;
  unchecked((out[at++] = status));
  unchecked((out[at++] = failVar));
  unchecked((out[at++] = removals.length / 3));
  for (let i = 0; i < removals.length; i++) unchecked((out[at++] = removals[i]));
  for (let v = 0; v < n; v++) unchecked((out[at++] = <i32>dom[v]));
  unchecked((out[at++] = nOrder));
  if (order != null) for (let i = 0; i < n; i++) unchecked((out[at++] = order[i]));
  if (m != null) {
    for (let v = 0; v < n; v++) unchecked((out[at++] = <i32>m.supported[v]));
    for (let l = 0; l <= n; l++) unchecked((out[at++] = m.layerCount[l]));
    unchecked((out[at++] = nChildren));
    const ch = m.children;
    for (let i = 0; i < nChildren; i++) unchecked((out[at++] = ch[i]));
  }
  assert(at == size, "result size mismatch");
  result = out;
  return size;
}
