// WASM entry points. The host writes an encoded problem (see problem.ts) into a buffer
// from alloc(), calls solveComponent, then reads the result words at resultPtr().
//
// Result words:
//   status (0 ok, 1 empty domain after GAC, 2 empty relation, 3 node limit), failVar,
//   nRemovals, then (confluence, variable, cell) per GAC removal,
//   domains after GAC [nVars], MDD order [nVars], supported cells [nVars],
//   reduced layer node counts [nVars + 1], nChildren, children...
import { decodeProblem } from "./problem";
import { gac } from "./gac";
import { reverseMinFill } from "./order";
import { compileMdd, MDD_OK } from "./mdd";

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
  const order = reverseMinFill(p);
  result = new Array<i32>(order.length);
  for (let i = 0; i < order.length; i++) unchecked((result[i] = order[i]));
  return result.length;
}

export function solveComponent(ptr: usize, words: i32, maxScope: i32, nodeLimit: f64): i32 {
  const p = decodeProblem(ptr, words);
  const n = p.nVars;
  const dom = new StaticArray<u32>(n);
  for (let v = 0; v < n; v++) unchecked((dom[v] = p.domain[v]));
  const g = gac(p, dom, maxScope);
  checks = <f64>g.checks;
  revisions = <f64>g.revisions;
  nodes = 0;
  result = new Array<i32>();
  const out = result;
  if (g.empty) {
    emitHead(out, STATUS_GAC_EMPTY, g.failVar, g.removals, dom);
    return out.length;
  }
  const order = reverseMinFill(p);
  const m = compileMdd(p, dom, order, <i64>nodeLimit);
  nodes = <f64>m.nodesBuilt;
  emitHead(out, m.status, -1, g.removals, dom);
  if (m.status != MDD_OK) return out.length;
  for (let i = 0; i < n; i++) out.push(unchecked(order[i]));
  for (let v = 0; v < n; v++) out.push(<i32>unchecked(m.supported[v]));
  for (let l = 0; l <= n; l++) out.push(unchecked(m.layerCount[l]));
  out.push(m.children.length);
  for (let i = 0; i < m.children.length; i++) out.push(unchecked(m.children[i]));
  return out.length;
}

function emitHead(out: Array<i32>, status: i32, failVar: i32, removals: Array<i32>, dom: StaticArray<u32>): void {
  out.push(status);
  out.push(failVar);
  out.push(removals.length / 3);
  for (let i = 0; i < removals.length; i++) out.push(unchecked(removals[i]));
  for (let v = 0; v < dom.length; v++) out.push(<i32>unchecked(dom[v]));
}
