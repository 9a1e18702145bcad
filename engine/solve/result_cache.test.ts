// withSolveCache: a component's kernel result is reused for the same words, and the
// solution is the one a fresh solve gives, field for field.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ResultCache, solve, withSolveCache } from "./solver.ts";
import { kernelFromBase64 } from "./kernel.ts";
import { RELEASE_WASM_BASE64 } from "./wasm/release.gen.ts";
import { randomSystem } from "./random_system.test_support.ts";
import { ladderSystem } from "../synthetic/systems.ts";
import type { Problem } from "../compile/problem.ts";

/** A kernel of its own whose component solves are counted. */
function countingKernel() {
  const kernel = kernelFromBase64(RELEASE_WASM_BASE64);
  const calls = { n: 0 };
  const run = kernel.solveEncoded.bind(kernel);
  kernel.solveEncoded = (...args: Parameters<typeof run>) => (calls.n++, run(...args));
  return { kernel, calls };
}

const problem = ladderSystem(6);
// the same structure with one variable's domain narrowed: other words, another result
const narrowed = (p: Problem): Problem => ({ ...p, variables: p.variables.map((v, i) => (i === 0 ? { ...v, domain: v.domain.slice(0, 1) } : v)) });
const plain = (s: ReturnType<typeof solve>) => JSON.stringify(s, (_, v) => (typeof v === "bigint" ? `${v}n` : v instanceof Map ? [...v] : ArrayBuffer.isView(v) ? [...(v as Int32Array)] : v));

describe("withSolveCache", () => {
  it("solves a component once for equal words, and gives the fresh solve's solution", () => {
    const { kernel, calls } = countingKernel();
    const fresh = solve(problem, { kernel });
    const once = calls.n;
    expect(once).toBeGreaterThan(0);
    const cache = new ResultCache();
    const [a, b] = withSolveCache(cache, () => [solve(problem, { kernel }), solve(problem, { kernel })]);
    expect(calls.n).toBe(2 * once); // the first solve in the scope fills it, the second reads it
    expect(plain(a)).toBe(plain(fresh));
    expect(plain(b)).toBe(plain(fresh));
  });

  it("leaves solves outside the scope, and with reuseOrders false, to the kernel", () => {
    const { kernel, calls } = countingKernel();
    const cache = new ResultCache();
    withSolveCache(cache, () => solve(problem, { kernel }));
    const n = calls.n;
    solve(problem, { kernel });
    expect(calls.n).toBe(2 * n);
    withSolveCache(cache, () => solve(problem, { kernel, reuseOrders: false }));
    expect(calls.n).toBe(3 * n);
  });

  it("stays within its entries, evicting the least recently used", () => {
    const { kernel, calls } = countingKernel();
    const small = new ResultCache(1);
    const other = narrowed(problem);
    withSolveCache(small, () => {
      solve(problem, { kernel });
      const n = calls.n;
      solve(other, { kernel });
      solve(problem, { kernel });
      expect(calls.n).toBeGreaterThan(n + 1);
    });
  });

  it("gives every random system the fresh solve's solution, solved twice in a scope (property)", () => {
    fc.assert(fc.property(randomSystem, (p) => {
      const fresh = plain(solve(p));
      const cache = new ResultCache();
      withSolveCache(cache, () => {
        expect(plain(solve(p))).toBe(fresh);
        expect(plain(solve(p))).toBe(fresh);
      });
    }), { seed: 5, numRuns: 200 });
  });

  it("keeps results of other solve options apart: the GAC scope and the node limit", () => {
    const { kernel, calls } = countingKernel();
    const cache = new ResultCache();
    withSolveCache(cache, () => {
      const wide = solve(problem, { kernel });
      const n = calls.n;
      const narrow = solve(problem, { kernel, maxGacScope: 1 });
      expect(calls.n).toBe(2 * n);
      expect(narrow.count).toBe(wide.count);
      expect(() => solve(problem, { kernel, nodeLimit: 1 })).toThrow(/exceeded 1 nodes/);
      expect(calls.n).toBeGreaterThan(2 * n);
    });
  });
});
