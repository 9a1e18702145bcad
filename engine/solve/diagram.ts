// Exact counting and enumeration over a component's reduced MDD.

/** A reduced layered MDD over a component's variables (global indices in `order`). */
export interface Diagram {
  /** The variables, one per layer, top first. */
  order: number[];
  /** Cells per layer's variable. */
  cells: number[];
  /** Nodes per layer (the last, layer `order.length`, holds the terminal). */
  layerCount: number[];
  /** Where each layer's nodes start in `children`. */
  layerStart: number[];
  /** Per node of a layer and cell of its variable, the child's index in the next layer (negative: no child). */
  children: Int32Array;
}

/** Which cells layer l may take (undefined: every cell). */
export type LayerFilter = (layer: number) => ReadonlySet<number> | undefined;

/**
 * Path counts per node, bottom-up, as BigInt (counts can exceed 2^64); with `allowed`,
 * only paths whose cell at each layer is allowed count.
 */
export function nodeCounts(d: Diagram, allowed?: LayerFilter): bigint[][] {
  const n = d.order.length;
  const counts: bigint[][] = new Array(n + 1);
  counts[n] = new Array<bigint>(d.layerCount[n]).fill(1n);
  for (let l = n - 1; l >= 0; l--) {
    const k = d.cells[l];
    const ok = allowed?.(l);
    const below = counts[l + 1];
    const row = new Array<bigint>(d.layerCount[l]);
    for (let i = 0; i < d.layerCount[l]; i++) {
      let s = 0n;
      const base = d.layerStart[l] + i * k;
      for (let j = 0; j < k; j++) {
        const ch = d.children[base + j];
        if (ch >= 0 && (!ok || ok.has(j))) s += below[ch];
      }
      row[i] = s;
    }
    counts[l] = row;
  }
  return counts;
}

/** The number of root-to-terminal paths whose cell at each layer is allowed. */
export function countDiagramWhere(d: Diagram, allowed: LayerFilter): bigint {
  if (d.layerCount[0] === 0) return 0n;
  const fast = countInFloats(d, allowed);
  return fast >= 0 ? BigInt(fast) : nodeCounts(d, allowed)[0][0];
}

// Two layers of path counts, reused across calls (restricted counts are taken tens of
// thousands of times per mechanism; BigInt rows made most of their cost).
let scratch: [Float64Array, Float64Array] = [new Float64Array(256), new Float64Array(256)];
const rowOf = (i: 0 | 1, size: number): Float64Array => {
  if (scratch[i].length < size) scratch[i] = new Float64Array(Math.max(size, 2 * scratch[i].length));
  return scratch[i];
};

/**
 * countDiagramWhere in float arithmetic, or -1 when some partial count reaches 2^53
 * (from there a float sum may be inexact; the caller counts again in BigInt). Every
 * count below 2^53 is an integer a float holds exactly, and so is every sum of two.
 */
function countInFloats(d: Diagram, allowed: LayerFilter): number {
  const n = d.order.length;
  let below = rowOf(n & 1 ? 1 : 0, d.layerCount[n]);
  below.fill(1, 0, d.layerCount[n]);
  for (let l = n - 1; l >= 0; l--) {
    const k = d.cells[l];
    const ok = allowed(l);
    // the allowed cells as bits (cells per variable are few; a Set beyond 31)
    let mask = -1;
    if (ok && k <= 31) {
      mask = 0;
      for (const j of ok) if (j >= 0 && j < k) mask |= 1 << j;
    }
    const row = rowOf(l & 1 ? 1 : 0, d.layerCount[l]);
    for (let i = 0; i < d.layerCount[l]; i++) {
      let s = 0;
      const base = d.layerStart[l] + i * k;
      for (let j = 0; j < k; j++) {
        const ch = d.children[base + j];
        if (ch >= 0 && (ok === undefined || (k <= 31 ? (mask >>> j) & 1 : ok.has(j)))) s += below[ch];
      }
      if (s >= Number.MAX_SAFE_INTEGER) return -1;
      row[i] = s;
    }
    below = row;
  }
  return below[0];
}

export function countDiagram(d: Diagram): bigint {
  if (d.layerCount[0] === 0) return 0n;
  return nodeCounts(d)[0][0];
}

/** Paths in layer order, cells ascending at each layer; yields cell per layer. */
export function* diagramPaths(d: Diagram): Generator<number[]> {
  const n = d.order.length;
  if (n === 0 || d.layerCount[0] === 0) return;
  const path = new Array<number>(n).fill(-1);
  const node = new Array<number>(n + 1).fill(0);
  let l = 0;
  while (l >= 0) {
    if (l === n) {
      yield [...path];
      l--;
      continue;
    }
    const k = d.cells[l];
    const base = d.layerStart[l] + node[l] * k;
    let j = path[l] + 1;
    while (j < k && d.children[base + j] < 0) j++;
    if (j < k) {
      path[l] = j;
      node[l + 1] = d.children[base + j];
      l++;
      if (l < n) path[l] = -1;
    } else {
      path[l] = -1;
      l--;
    }
  }
}
