// The intrastate solver (Algorithm 2, lines 2-21): per connected component, cheapest
// first, exact GAC and a reduced MDD in the WASM kernel; exact BigInt counts here; the
// relation is the product of the component relations.
import type { Problem } from "../compile/problem.ts";
import { cheapestFirst, connectedComponents } from "./components.ts";
import { countDiagram, countDiagramWhere, type Diagram, diagramPaths, nodeCounts } from "./diagram.ts";
import { domainsKey, encodeComponent, type Kernel, KernelMemoryError, type KernelResult, releaseKernel } from "./kernel.ts";
import { satisfies } from "./semantics.ts";

export interface SolveOptions {
  /** Confluences with more distinct variables than this skip GAC (the MDD stays exact). */
  maxGacScope?: number;
  /** Upper bound on MDD nodes built per component before the solve is refused. */
  nodeLimit?: number;
  kernel?: Kernel;
  /**
   * Reuse the variable order of an earlier component with the same structure instead of
   * computing it again (default true), and inside withSolveCache an earlier component's
   * whole result. The order is a function of the structure alone, the result of the
   * component's words, so the solution is identical either way.
   */
  reuseOrders?: boolean;
}

export const DEFAULT_MAX_GAC_SCOPE = 10;
export const DEFAULT_NODE_LIMIT = 5_000_000;

/** Why a value is absent from every interpretation: the law whose consistency check (GAC) or decision diagram (MDD) removed it. */
export type Removal =
  | { var: number; cell: number; stage: "gac"; law: string }
  | { var: number; cell: number; stage: "mdd"; laws: string[] };

/** Why a problem has no interpretation: an empty domain, a constant law that fails, or the law whose check emptied a domain or the diagram. */
export type EmptyCause =
  | { stage: "domain"; var: number }
  | { stage: "constant"; law: string }
  | { stage: "gac"; var: number; law: string | null }
  | { stage: "mdd"; laws: string[] };

/** One connected component of a problem, solved: its variables, confluences, count and decision diagram. */
export interface ComponentSolution {
  /** The component's variables (indices into the problem's variables). */
  vars: number[];
  /** Its confluences (indices into the problem's confluences). */
  confluences: number[];
  /** Its exact number of interpretations. */
  count: bigint;
  /** Present when the component has confluences and a nonempty relation. */
  diagram?: Diagram;
}

/** What a solve did. */
export interface SolveStats {
  /** Connected components solved. */
  components: number;
  /** Confluence evaluations. */
  confluenceChecks: number;
  /** Domain revisions of the consistency check (GAC). */
  gacRevisions: number;
  /** Decision-diagram nodes built. */
  mddNodes: number;
}

/** A problem's exact solution, with variables and cells as indices into the problem. */
export interface Solution {
  /** The problem solved. */
  problem: Problem;
  /** The exact number of interpretations. */
  count: bigint;
  /** Set when the count is zero. */
  empty?: EmptyCause;
  /** Per variable, the cells some interpretation takes (empty when count is 0). */
  supported: number[][];
  /** Variable → the only cell it takes in every interpretation. */
  forced: Map<number, number>;
  /** Every cell removed from a domain, and why. */
  removals: Removal[];
  /** Components in solve order (cheapest first); enumeration follows this order. */
  components: ComponentSolution[];
  /** What the solve did. */
  stats: SolveStats;
}

/**
 * A solve was refused: it would build more decision-diagram nodes than its limit, or the
 * kernel ran out of memory.
 *
 * @example
 * ```ts
 * import { mechanism, SolveError, solveStates } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * const states = solveStates(mechanism("thermal_two_masses"), { solver: { nodeLimit: 1 } });
 * assert.throws(() => [...states], SolveError);
 * ```
 */
export class SolveError extends Error {
  /** The error's name, for messages and logs. */
  override name = "SolveError";
}

/**
 * A least-recently-used map bounded by entries and by weight: an entry heavier than a
 * quarter of the budget is not kept, and the oldest go first until both bounds hold.
 */
class WeightedLru<V> {
  private readonly map = new Map<string, { value: V; weight: number }>();
  private weight = 0;
  constructor(readonly maxEntries: number, readonly maxWeight: number, private readonly weigh: (key: string, value: V) => number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    const weight = this.weigh(key, value);
    if (weight > this.maxWeight / 4 || this.map.has(key)) return;
    this.map.set(key, { value, weight });
    this.weight += weight;
    for (const [k, e] of this.map) {
      if (this.map.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.map.delete(k);
      this.weight -= e.weight;
    }
  }
}

/**
 * Variable orders by component structure (EncodedComponent.key), least recently used
 * evicted first; an order weighs its key's length and its own. The reverse min-fill order
 * (§10 step 5) depends only on the primal graph over the component's local variable
 * indices; successor problems of one mechanism share most components' structure while
 * their domains change.
 */
export class OrderCache extends WeightedLru<Int32Array> {
  constructor(maxEntries = 2048, maxWeight = 1 << 22) {
    super(maxEntries, maxWeight, (key, order) => key.length + order.length);
  }
}

const orderCaches = new WeakMap<Kernel, OrderCache>();

/** The order cache used with `kernel` (one per kernel instance, so a test kernel computes its own). */
export function orderCacheOf(kernel: Kernel): OrderCache {
  let c = orderCaches.get(kernel);
  if (!c) orderCaches.set(kernel, (c = new OrderCache()));
  return c;
}

/**
 * Kernel results by component (its EncodedComponent key and domainsKey) and solve options
 * (GAC scope, node limit), least recently used evicted first; a result weighs roughly its
 * bytes. The kernel is a function of those (a given order is the one the structure gives
 * anyway), and a mechanism's problems repeat components: the same state's problem solved
 * for several families, a successor problem's components far from what moved. Results
 * are read only, so callers share them.
 */
export class ResultCache extends WeightedLru<KernelResult> {
  constructor(maxEntries = 8192, maxWeight = 1 << 25) {
    super(maxEntries, maxWeight, (key, r) => 2 * key.length + 4 * r.children.length + 8 * (3 * r.removals.length + r.domains.length + r.order.length + r.supported.length + 2 * r.layerCount.length) + 64);
  }
}

/** The cache of the innermost withSolveCache call running, if any. */
let scopedResults: ResultCache | undefined;

/**
 * Runs `fn` (synchronous) with every solve in it reusing kernel results through `cache`.
 * A pipeline stage opts in for the problems of one mechanism; a plain solve() outside
 * any such call always runs the kernel, so timing it measures the solver.
 */
export function withSolveCache<T>(cache: ResultCache, fn: () => T): T {
  const outer = scopedResults;
  scopedResults = cache;
  try {
    return fn();
  } finally {
    scopedResults = outer;
  }
}

const cellsOf = (mask: number, k: number): number[] => {
  const out: number[] = [];
  for (let i = 0; i < k; i++) if ((mask >>> i) & 1) out.push(i);
  return out;
};

export function solve(problem: Problem, options: SolveOptions = {}): Solution {
  const kernel = options.kernel ?? releaseKernel();
  const maxScope = options.maxGacScope ?? DEFAULT_MAX_GAC_SCOPE;
  const nodeLimit = options.nodeLimit ?? DEFAULT_NODE_LIMIT;
  const orders = options.reuseOrders === false ? undefined : orderCacheOf(kernel);
  const results = options.reuseOrders === false ? undefined : scopedResults;
  const vars = problem.variables;
  const stats: SolveStats = { components: 0, confluenceChecks: 0, gacRevisions: 0, mddNodes: 0 };
  const removals: Removal[] = [];
  const components: ComponentSolution[] = [];
  const supported: number[][] = vars.map((v) => [...v.domain].sort((a, b) => a - b));
  const fail = (empty: EmptyCause): Solution => ({
    problem, count: 0n, empty, supported: vars.map(() => []), forced: new Map(), removals, components, stats,
  });

  const emptyVar = vars.findIndex((v) => v.domain.length === 0);
  if (emptyVar >= 0) return fail({ stage: "domain", var: emptyVar });
  for (const c of problem.confluences) {
    if (c.terms.every((t) => t.factors.length === 0) && !satisfies(problem, c, [])) {
      return fail({ stage: "constant", law: c.id });
    }
  }

  let count = 1n;
  const localOf = new Int32Array(vars.length);
  for (const plan of cheapestFirst(problem, connectedComponents(problem))) {
    stats.components++;
    if (plan.confluences.length === 0) {
      const v = plan.vars[0];
      const size = BigInt(vars[v].domain.length);
      components.push({ ...plan, count: size });
      count *= size;
      continue;
    }
    const enc = encodeComponent(problem, plan.vars, plan.confluences, localOf);
    // the result also depends on the GAC scope (which removals GAC makes) and the node limit
    const resultKey = results && `${maxScope}|${nodeLimit}|${enc.key}|${domainsKey(enc)}`;
    let r = resultKey === undefined ? undefined : results!.get(resultKey);
    if (!r) {
      const known = orders?.get(enc.key);
      if (known) enc.words.set(known, enc.size);
      try {
        r = kernel.solveEncoded(enc.words.subarray(0, known ? enc.size + known.length : enc.size), enc.cells, maxScope, nodeLimit, !!known);
      } catch (e) {
        if (!(e instanceof KernelMemoryError)) throw e;
        throw new SolveError(
          `a component of ${plan.vars.length} variables and ${plan.confluences.length} confluences is too large for the solver: ` +
            `${e.message}; split the problem into smaller components, or lower the node limit if it was raised`,
        );
      }
      if (orders && !known && r.order.length > 0) orders.set(enc.key, Int32Array.from(r.order));
      if (resultKey !== undefined) results!.set(resultKey, r);
    }
    stats.confluenceChecks += r.checks;
    stats.gacRevisions += r.revisions;
    stats.mddNodes += r.nodes;
    for (const [c, v, cell] of r.removals) {
      removals.push({ var: plan.vars[v], cell, stage: "gac", law: problem.confluences[plan.confluences[c]].id });
    }
    const lawIds = plan.confluences.map((ci) => problem.confluences[ci].id);
    if (r.status === "limit") {
      throw new SolveError(
        `the decision diagram for a component of ${plan.vars.length} variables and ${plan.confluences.length} confluences ` +
          `exceeded ${nodeLimit} nodes or the kernel's memory budget (2^26 words of node keys in one layer, or of edges in all); ` +
          `raise the node limit if memory allows, or split the problem`,
      );
    }
    if (r.status === "gac-empty") {
      const last = [...r.removals].reverse().find(([, v]) => v === r.failVar);
      return fail({
        stage: "gac",
        var: plan.vars[r.failVar],
        law: last ? problem.confluences[plan.confluences[last[0]]].id : null,
      });
    }
    if (r.status === "empty") return fail({ stage: "mdd", laws: lawIds });
    const diagram: Diagram = {
      order: r.order.map((i) => plan.vars[i]),
      cells: r.order.map((i) => enc.cells[i]),
      layerCount: r.layerCount,
      layerStart: r.layerStart,
      children: r.children,
    };
    const n = countDiagram(diagram);
    plan.vars.forEach((v, i) => {
      supported[v] = cellsOf(r.supported[i], enc.cells[i]);
      for (const cell of cellsOf(r.domains[i] & ~r.supported[i], enc.cells[i])) {
        removals.push({ var: v, cell, stage: "mdd", laws: lawIds });
      }
    });
    components.push({ ...plan, count: n, diagram });
    count *= n;
  }
  const forced = new Map<number, number>();
  supported.forEach((cells, v) => cells.length === 1 && forced.set(v, cells[0]));
  return { problem, count, supported, forced, removals, components, stats };
}

/**
 * Interpretations in a deterministic order: the product of the component relations in
 * solve order, the last component varying fastest; inside a component, MDD paths in
 * layer order with cells ascending. Each is a cell index per variable.
 */
export function* interpretations(sol: Solution): Generator<number[]> {
  if (sol.count === 0n) return;
  const a = new Array<number>(sol.problem.variables.length).fill(-1);
  const comps = sol.components;
  // One cursor per component, advanced like an odometer (last component fastest).
  const open = (c: ComponentSolution): Iterator<number[]> =>
    c.diagram ? diagramPaths(c.diagram) : [...sol.problem.variables[c.vars[0]].domain].sort((x, y) => x - y).map((cell) => [cell]).values();
  const place = (c: ComponentSolution, cells: number[]) =>
    cells.forEach((cell, l) => (a[c.diagram ? c.diagram.order[l] : c.vars[0]] = cell));
  const cursors = comps.map(open);
  for (let i = 0; i < comps.length; i++) place(comps[i], cursors[i].next().value as number[]);
  for (;;) {
    yield [...a];
    let i = comps.length - 1;
    for (; i >= 0; i--) {
      const step = cursors[i].next();
      if (!step.done) {
        place(comps[i], step.value);
        break;
      }
      cursors[i] = open(comps[i]);
      place(comps[i], cursors[i].next().value as number[]);
    }
    if (i < 0) return;
  }
}

/**
 * Every interpretation in the order interpretations(sol) yields them, passed to `visit`
 * as one array that is overwritten for the next: a caller that keeps one copies it.
 * Successor generation enumerates millions of relaxed interpretations and keeps few;
 * a copy and a generator step per interpretation were most of its allocation.
 */
export function forEachInterpretation(sol: Solution, visit: (cells: readonly number[]) => void): void {
  if (sol.count === 0n) return;
  const a = new Array<number>(sol.problem.variables.length).fill(-1);
  const comps = sol.components;
  const single = comps.map((c) => (c.diagram ? [] : [...sol.problem.variables[c.vars[0]].domain].sort((x, y) => x - y)));
  const component = (i: number): void => {
    if (i === comps.length) return visit(a);
    const c = comps[i];
    const d = c.diagram;
    if (!d) {
      for (const cell of single[i]) {
        a[c.vars[0]] = cell;
        component(i + 1);
      }
      return;
    }
    const n = d.order.length;
    // paths in layer order, cells ascending at each layer
    const layer = (l: number, node: number): void => {
      if (l === n) return component(i + 1);
      const k = d.cells[l];
      const base = d.layerStart[l] + node * k;
      for (let j = 0; j < k; j++) {
        const child = d.children[base + j];
        if (child < 0) continue;
        a[d.order[l]] = j;
        layer(l + 1, child);
      }
    };
    layer(0, 0);
  };
  component(0);
}

/**
 * One interpretation drawn uniformly from I (count > 0): per component, a walk down its
 * MDD choosing each edge with probability proportional to the paths below it.
 * `below(n)` must return a uniform integer in [0, n).
 */
export function sampleInterpretation(sol: Solution, below: (n: bigint) => bigint): number[] {
  if (sol.count === 0n) throw new RangeError("no interpretation to sample: the count is 0");
  const a = new Array<number>(sol.problem.variables.length).fill(-1);
  for (const c of sol.components) {
    if (!c.diagram) {
      const dom = [...sol.problem.variables[c.vars[0]].domain].sort((x, y) => x - y);
      a[c.vars[0]] = dom[Number(below(BigInt(dom.length)))];
      continue;
    }
    const d = c.diagram;
    const counts = nodeCounts(d);
    let node = 0;
    for (let l = 0; l < d.order.length; l++) {
      const k = d.cells[l];
      let r = below(counts[l][node]);
      for (let j = 0; j < k; j++) {
        const ch = d.children[d.layerStart[l] + node * k + j];
        if (ch < 0) continue;
        if (r < counts[l + 1][ch]) {
          a[d.order[l]] = j;
          node = ch;
          break;
        }
        r -= counts[l + 1][ch];
      }
    }
  }
  return a;
}

/** What counting under further restrictions needs of a solution (the factors, not the problem). */
export type Factors = Pick<Solution, "count" | "components"> & { domains: readonly (readonly number[])[] };

export function factorsOf(sol: Solution): Factors {
  return { count: sol.count, components: sol.components, domains: sol.problem.variables.map((v) => v.domain) };
}

/**
 * |{ι ∈ I : ι(v) ∈ cells for every restriction}|: the count of the same problem with
 * those cells intersected into its domains, read off the factors without solving
 * again (the interpretations of the narrower problem are exactly those of the wider
 * one that respect the restrictions). Several restrictions on one variable intersect.
 */
export function countRestricted(f: Factors, restrictions: readonly { var: number; cells: readonly number[] }[]): bigint {
  if (f.count === 0n) return 0n;
  const allowed = new Map<number, Set<number>>();
  for (const r of restrictions) {
    const prev = allowed.get(r.var);
    allowed.set(r.var, new Set(prev ? r.cells.filter((c) => prev.has(c)) : r.cells));
  }
  let total = 1n;
  for (const c of f.components) {
    if (!c.diagram) {
      const ok = allowed.get(c.vars[0]);
      total *= ok ? BigInt(f.domains[c.vars[0]].filter((x) => ok.has(x)).length) : c.count;
    } else if (c.vars.some((v) => allowed.has(v))) {
      const order = c.diagram.order;
      total *= countDiagramWhere(c.diagram, (l) => allowed.get(order[l]));
    } else {
      total *= c.count;
    }
    if (total === 0n) return 0n;
  }
  return total;
}

