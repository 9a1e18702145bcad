// Loads the AssemblyScript kernels from embedded bytes and marshals one connected
// component at a time into WASM memory and back.
import type { Problem } from "../compile/problem.ts";
import { RELEASE_WASM_BASE64 } from "./wasm/release.gen.ts";

export type KernelStatus = "ok" | "gac-empty" | "empty" | "limit";
const STATUS: KernelStatus[] = ["ok", "gac-empty", "empty", "limit"];

/** A component problem with local variable indices, as the kernel reads it. */
export interface KernelProblem {
  cells: number[]; // number of cells per variable
  domain: number[]; // bit mask of allowed cells
  neg: number[]; // bit masks of negative / zero / positive cells
  zero: number[];
  pos: number[];
  confluences: { coef: number; factors: { var: number; exp: number }[] }[][];
}

export interface KernelResult {
  status: KernelStatus;
  failVar: number;
  /** GAC removals as (confluence, variable, cell), local indices, in removal order. */
  removals: [number, number, number][];
  /** Domain masks after GAC. */
  domains: number[];
  /**
   * MDD variable order (local indices), top layer first; empty when GAC emptied a
   * domain before an order was needed.
   */
  order: number[];
  /** Cells with at least one interpretation, as masks. */
  supported: number[];
  /** Reduced node count per layer; the last layer is the terminal. */
  layerCount: number[];
  /** Node i of layer l has children[layerStart[l] + i*k .. +k) for the k cells of order[l]; -1 = no edge. */
  children: Int32Array;
  layerStart: number[];
  checks: number;
  revisions: number;
  nodes: number;
}

export class KernelError extends Error {
  override name = "KernelError";
}

/** The kernel could not get the memory a solve needs (see kernelFailure). */
export class KernelMemoryError extends KernelError {
  override name = "KernelMemoryError";
}

/** WebAssembly (wasm32) memory addresses at most 4 GiB; one kernel array at most 1 GiB. */
export const KERNEL_MEMORY_LIMIT = 4 * 2 ** 30;

/**
 * The error to report for a failed kernel call: running out of memory (a failed
 * memory.grow traps as "unreachable" — the release kernel has no other unreachable
 * path — and an array over 1 GiB aborts with "Invalid length" or "Allocation too
 * large") becomes a KernelMemoryError that says so; any other trap or abort a KernelError.
 */
export function kernelFailure(e: unknown, memoryBytes: number): Error {
  const mib = Math.round(memoryBytes / 2 ** 20);
  const outOfMemory = (what: string) =>
    new KernelMemoryError(
      `the solver kernel ran out of memory (${what}; its WebAssembly memory had grown to ${mib} MiB of at most 4096 MiB)`,
    );
  if (e instanceof KernelError) {
    if (/Invalid length|Allocation too large/.test(e.message)) return outOfMemory("an array would exceed 1 GiB");
    return e;
  }
  if (e instanceof WebAssembly.RuntimeError) {
    if (/unreachable/.test(e.message)) return outOfMemory("the memory could not grow further");
    return new KernelError(`solver kernel trapped: ${e.message}`);
  }
  if (e instanceof RangeError) return new KernelError(`solver kernel failed: ${e.message}`);
  return e instanceof Error ? e : new Error(String(e));
}

interface Exports {
  memory: WebAssembly.Memory;
  alloc(words: number): number;
  free(ptr: number): void;
  resultPtr(): number;
  resultLength(): number;
  lastChecks(): number;
  lastRevisions(): number;
  lastNodes(): number;
  solveComponent(ptr: number, words: number, maxScope: number, nodeLimit: number, givenOrder: number): number;
  variableOrder(ptr: number, words: number): number;
}

function decodeBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** The kernel's input words (assembly/problem.ts), then `order` when one is given. */
export function encodeProblem(p: KernelProblem, order?: ArrayLike<number>): Int32Array {
  const n = p.cells.length;
  let size = 2 + 5 * n + (order ? order.length : 0);
  for (const c of p.confluences) {
    size += 1;
    for (const t of c) size += 2 + 2 * t.factors.length;
  }
  const words = new Int32Array(size);
  let at = 0;
  words[at++] = n;
  words[at++] = p.confluences.length;
  for (let v = 0; v < n; v++) {
    words[at++] = p.cells[v];
    words[at++] = p.domain[v];
    words[at++] = p.neg[v];
    words[at++] = p.zero[v];
    words[at++] = p.pos[v];
  }
  for (const c of p.confluences) {
    words[at++] = c.length;
    for (const t of c) {
      words[at++] = t.coef;
      words[at++] = t.factors.length;
      for (const f of t.factors) {
        words[at++] = f.var;
        words[at++] = f.exp;
      }
    }
  }
  if (order) for (let i = 0; i < order.length; i++) words[at++] = order[i];
  return words;
}

/** A component encoded for the kernel, with room for an order after the problem words. */
export interface EncodedComponent {
  /** The problem words (`size` of them), then room for one word per variable. */
  words: Int32Array;
  size: number;
  /** Cells per variable, in local variable order. */
  cells: number[];
  /**
   * The component's structure: its number of variables and its confluences as encoded
   * (local variable indices, coefficients, exponents; not the domains). The variable
   * order depends on less than this (each confluence's distinct variables), so equal
   * keys mean equal orders.
   */
  key: string;
}

/**
 * The component's variable words (cells, domain and sign masks) as a string: with its
 * `key`, everything the kernel's result depends on (computed only where results are cached).
 */
export function domainsKey(enc: EncodedComponent): string {
  return wordsAsString(enc.words, 2, 2 + 5 * enc.cells.length);
}

const bitsOf = (cells: readonly number[]) => cells.reduce((m, c) => (m | (1 << c)) >>> 0, 0);

/**
 * Encodes the component of `problem` over `vars` (ascending; local index i is vars[i])
 * and `confluences` straight from the problem: the same words as encodeProblem of the
 * component's KernelProblem, without building it. `localOf` is scratch space with one
 * entry per problem variable.
 */
export function encodeComponent(problem: Problem, vars: readonly number[], confluences: readonly number[], localOf: Int32Array): EncodedComponent {
  const n = vars.length;
  let size = 2 + 5 * n;
  for (const ci of confluences) {
    size += 1;
    for (const t of problem.confluences[ci].terms) size += 2 + 2 * t.factors.length;
  }
  const words = new Int32Array(size + n);
  const cells: number[] = new Array(n);
  let at = 0;
  words[at++] = n;
  words[at++] = confluences.length;
  for (let i = 0; i < n; i++) {
    const v = problem.variables[vars[i]];
    localOf[vars[i]] = i;
    let neg = 0, zero = 0, pos = 0;
    for (let c = 0; c < v.signs.length; c++) {
      const bit = 1 << c;
      if (v.signs[c] < 0) neg |= bit;
      else if (v.signs[c] === 0) zero |= bit;
      else pos |= bit;
    }
    cells[i] = v.cells.length;
    words[at++] = v.cells.length;
    words[at++] = bitsOf(v.domain);
    words[at++] = neg;
    words[at++] = zero;
    words[at++] = pos;
  }
  const confStart = at;
  for (const ci of confluences) {
    const terms = problem.confluences[ci].terms;
    words[at++] = terms.length;
    for (const t of terms) {
      words[at++] = t.coef;
      words[at++] = t.factors.length;
      for (const f of t.factors) {
        words[at++] = localOf[f.var];
        words[at++] = f.exp;
      }
    }
  }
  return { words, size, cells, key: `${n}:${wordsAsString(words, confStart, size)}` };
}

/** words[from .. to) as a string of their 16-bit halves (lossless: no decoding). */
function wordsAsString(words: Int32Array, from: number, to: number): string {
  const units = new Uint16Array(words.buffer, words.byteOffset + from * 4, (to - from) * 2);
  let s = "";
  for (let i = 0; i < units.length; i += 8192) {
    s += String.fromCharCode.apply(null, units.subarray(i, i + 8192) as unknown as number[]);
  }
  return s;
}

export class Kernel {
  private readonly module: WebAssembly.Module;
  private ex: Exports;

  constructor(bytes: Uint8Array) {
    this.module = new WebAssembly.Module(bytes as BufferSource);
    this.ex = this.instantiate();
  }

  private instantiate(): Exports {
    let exports: Exports | undefined;
    const readString = (ptr: number): string => {
      if (!exports || ptr === 0) return "";
      const mem = new Uint8Array(exports.memory.buffer);
      const len = new Uint32Array(exports.memory.buffer, ptr - 4, 1)[0];
      let s = "";
      for (let i = 0; i < len; i += 2) s += String.fromCharCode(mem[ptr + i] | (mem[ptr + i + 1] << 8));
      return s;
    };
    const instance = new WebAssembly.Instance(this.module, {
      env: {
        abort(msg: number, file: number, line: number, col: number) {
          throw new KernelError(`solver kernel aborted: ${readString(msg)} (${readString(file)}:${line}:${col})`);
        },
      },
    });
    exports = instance.exports as unknown as Exports;
    return exports;
  }

  /**
   * Copies `input` into kernel memory, runs `fn` on it (the kernel frees the input) and
   * returns a view of the result words, valid until the next call. A call that fails
   * leaves the instance in an unknown state, so it is replaced by a fresh one before
   * the error (see kernelFailure) is thrown.
   */
  private call(input: Int32Array, fn: (ex: Exports, ptr: number, words: number) => number): Int32Array {
    const ex = this.ex;
    try {
      const ptr = ex.alloc(input.length);
      new Int32Array(ex.memory.buffer, ptr, input.length).set(input);
      const len = fn(ex, ptr, input.length);
      return new Int32Array(ex.memory.buffer, ex.resultPtr(), len);
    } catch (e) {
      const error = kernelFailure(e, ex.memory.buffer.byteLength);
      this.ex = this.instantiate();
      throw error;
    }
  }

  /** The MDD variable order the kernel computes for this problem (reverse min-fill, semantics §10 step 5). */
  variableOrder(problem: KernelProblem): number[] {
    return Array.from(this.call(encodeProblem(problem), (ex, ptr, words) => ex.variableOrder(ptr, words)));
  }

  /**
   * Solves one component. With `order` (a permutation of its variables, e.g. the
   * order an earlier solve of the same structure returned) the kernel uses it instead
   * of computing the reverse min-fill order.
   */
  solveComponent(problem: KernelProblem, maxScope: number, nodeLimit: number, order?: ArrayLike<number>): KernelResult {
    return this.solveEncoded(encodeProblem(problem, order), problem.cells, maxScope, nodeLimit, order !== undefined);
  }

  /**
   * Solves one encoded component (encodeProblem or encodeComponent): `input` holds the
   * problem words, followed by an order when `givenOrder`; `cells` gives each
   * variable's number of cells.
   */
  solveEncoded(input: Int32Array, cells: readonly number[], maxScope: number, nodeLimit: number, givenOrder: boolean): KernelResult {
    const out = this.call(input, (ex, ptr, words) => ex.solveComponent(ptr, words, maxScope, nodeLimit, givenOrder ? 1 : 0));
    const ex = this.ex;
    const n = cells.length;
    let at = 0;
    const status = STATUS[out[at++]];
    const failVar = out[at++];
    const nRem = out[at++];
    const removals: [number, number, number][] = [];
    for (let i = 0; i < nRem; i++, at += 3) removals.push([out[at], out[at + 1], out[at + 2]]);
    const domains = Array.from(out.subarray(at, at + n), (x) => x >>> 0);
    at += n;
    const nOrder = out[at++];
    const result: KernelResult = {
      status, failVar, removals, domains, order: Array.from(out.subarray(at, at + nOrder)), supported: [],
      layerCount: [], children: new Int32Array(0), layerStart: [], checks: ex.lastChecks(),
      revisions: ex.lastRevisions(), nodes: ex.lastNodes(),
    };
    at += nOrder;
    if (status !== "ok") return result;
    result.supported = Array.from(out.subarray(at, at + n), (x) => x >>> 0);
    at += n;
    result.layerCount = Array.from(out.subarray(at, at + n + 1));
    at += n + 1;
    const nChildren = out[at++];
    result.children = out.slice(at, at + nChildren);
    let start = 0;
    for (let l = 0; l <= n; l++) {
      result.layerStart.push(start);
      if (l < n) start += result.layerCount[l] * cells[result.order[l]];
    }
    return result;
  }
}

const cache = new Map<string, Kernel>();

/** The release kernel, instantiated once per process. */
export function releaseKernel(): Kernel {
  let k = cache.get("release");
  if (!k) {
    k = new Kernel(decodeBase64(RELEASE_WASM_BASE64));
    cache.set("release", k);
  }
  return k;
}

/** A kernel from base64 bytes (e.g. the debug build with assertions, for tests). */
export function kernelFromBase64(b64: string): Kernel {
  return new Kernel(decodeBase64(b64));
}
