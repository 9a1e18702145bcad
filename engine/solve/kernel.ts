// Loads the AssemblyScript kernels from embedded bytes and marshals one connected
// component at a time into WASM memory and back.
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
  /** MDD variable order (local indices), top layer first. */
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

interface Exports {
  memory: WebAssembly.Memory;
  alloc(words: number): number;
  free(ptr: number): void;
  resultPtr(): number;
  resultLength(): number;
  lastChecks(): number;
  lastRevisions(): number;
  lastNodes(): number;
  solveComponent(ptr: number, words: number, maxScope: number, nodeLimit: number): number;
  variableOrder(ptr: number, words: number): number;
}

function decodeBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function encodeProblem(p: KernelProblem): Int32Array {
  const words: number[] = [p.cells.length, p.confluences.length];
  for (let v = 0; v < p.cells.length; v++) words.push(p.cells[v], p.domain[v], p.neg[v], p.zero[v], p.pos[v]);
  for (const c of p.confluences) {
    words.push(c.length);
    for (const t of c) {
      words.push(t.coef, t.factors.length);
      for (const f of t.factors) words.push(f.var, f.exp);
    }
  }
  return Int32Array.from(words);
}

export class Kernel {
  private readonly ex: Exports;

  constructor(bytes: Uint8Array) {
    let exports: Exports | undefined;
    const readString = (ptr: number): string => {
      if (!exports || ptr === 0) return "";
      const mem = new Uint8Array(exports.memory.buffer);
      const len = new Uint32Array(exports.memory.buffer, ptr - 4, 1)[0];
      let s = "";
      for (let i = 0; i < len; i += 2) s += String.fromCharCode(mem[ptr + i] | (mem[ptr + i + 1] << 8));
      return s;
    };
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes as BufferSource), {
      env: {
        abort(msg: number, file: number, line: number, col: number) {
          throw new KernelError(`solver kernel aborted: ${readString(msg)} (${readString(file)}:${line}:${col})`);
        },
      },
    });
    exports = instance.exports as unknown as Exports;
    this.ex = exports;
  }

  /** The MDD variable order the kernel would use for this problem (reverse min-fill, §10 step 5). */
  variableOrder(problem: KernelProblem): number[] {
    const input = encodeProblem(problem);
    const ex = this.ex;
    const ptr = ex.alloc(input.length);
    let len: number;
    try {
      new Int32Array(ex.memory.buffer, ptr, input.length).set(input);
      len = ex.variableOrder(ptr, input.length);
    } finally {
      ex.free(ptr);
    }
    return Array.from(new Int32Array(ex.memory.buffer, ex.resultPtr(), len));
  }

  solveComponent(problem: KernelProblem, maxScope: number, nodeLimit: number): KernelResult {
    const input = encodeProblem(problem);
    const ex = this.ex;
    const ptr = ex.alloc(input.length);
    let len: number;
    try {
      new Int32Array(ex.memory.buffer, ptr, input.length).set(input);
      len = ex.solveComponent(ptr, input.length, maxScope, nodeLimit);
    } finally {
      ex.free(ptr);
    }
    const out = new Int32Array(ex.memory.buffer, ex.resultPtr(), len).slice();
    const n = problem.cells.length;
    let at = 0;
    const status = STATUS[out[at++]];
    const failVar = out[at++];
    const nRem = out[at++];
    const removals: [number, number, number][] = [];
    for (let i = 0; i < nRem; i++, at += 3) removals.push([out[at], out[at + 1], out[at + 2]]);
    const domains = Array.from(out.subarray(at, at + n), (x) => x >>> 0);
    at += n;
    const result: KernelResult = {
      status, failVar, removals, domains, order: [], supported: [], layerCount: [], children: new Int32Array(0),
      layerStart: [], checks: ex.lastChecks(), revisions: ex.lastRevisions(), nodes: ex.lastNodes(),
    };
    if (status !== "ok") return result;
    result.order = Array.from(out.subarray(at, at + n));
    at += n;
    result.supported = Array.from(out.subarray(at, at + n), (x) => x >>> 0);
    at += n;
    result.layerCount = Array.from(out.subarray(at, at + n + 1));
    at += n + 1;
    const nChildren = out[at++];
    result.children = out.slice(at, at + nChildren);
    let start = 0;
    for (let l = 0; l <= n; l++) {
      result.layerStart.push(start);
      if (l < n) start += result.layerCount[l] * problem.cells[result.order[l]];
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
