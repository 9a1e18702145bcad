// The kernel boundary: direct component encoding, a given variable order, the order
// cache (solutions identical with and without it), and failures reported clearly.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  encodeComponent,
  encodeProblem,
  type Kernel,
  KernelError,
  kernelFailure,
  kernelFromBase64,
  KernelMemoryError,
  type KernelProblem,
} from "./kernel.ts";
import { RELEASE_WASM_BASE64 } from "./wasm/release.gen.ts";
import { OrderCache, orderCacheOf, solve, SolveError, type Solution } from "./solver.ts";
import { cheapestFirst, connectedComponents } from "./components.ts";
import { randomSystem } from "./random_system.test_support.ts";
import { scopesOf, structureProblem } from "./order_reference.test_support.ts";
import { builtinMechanism } from "../../catalog/mod.ts";
import { compile, compositeStates } from "../compile/compile.ts";
import { ladderSystem } from "../synthetic/systems.ts";
import type { Problem } from "../compile/problem.ts";

/** The component's KernelProblem as the solver used to build it, field by field. */
function componentProblem(p: Problem, vars: number[], confluences: number[]): KernelProblem {
  const local = new Map(vars.map((v, i) => [v, i]));
  const mask = (cells: number[]) => cells.reduce((m, c) => (m | (1 << c)) >>> 0, 0);
  const signs = (v: number, s: number) => mask(p.variables[v].signs.flatMap((x, i) => (x === s ? [i] : [])));
  return {
    cells: vars.map((v) => p.variables[v].cells.length),
    domain: vars.map((v) => mask(p.variables[v].domain)),
    neg: vars.map((v) => signs(v, -1)),
    zero: vars.map((v) => signs(v, 0)),
    pos: vars.map((v) => signs(v, 1)),
    confluences: confluences.map((ci) =>
      p.confluences[ci].terms.map((t) => ({ coef: t.coef, factors: t.factors.map((f) => ({ var: local.get(f.var)!, exp: f.exp })) }))
    ),
  };
}

/** Catalog problems: every composite state of a few mechanisms, so structures repeat. */
function catalogProblems(): Problem[] {
  const out: Problem[] = [];
  for (const id of ["thermal_two_masses", "mechanics_sign_convention", "mechanics_grounded_geared_dual_inertia", "electrical_resistor"]) {
    const model = builtinMechanism(id)!;
    for (const s of compositeStates(model)) out.push(compile(model, s).problem);
  }
  return out;
}

describe("component encoding", () => {
  it("encodeComponent writes the words encodeProblem writes for the component's KernelProblem", () => {
    // the structure key: equal exactly when the size and the confluence words are
    const structures = new Map<string, string>();
    fc.assert(
      fc.property(randomSystem, (p) => {
        const localOf = new Int32Array(p.variables.length);
        for (const plan of cheapestFirst(p, connectedComponents(p))) {
          if (plan.confluences.length === 0) continue;
          const kp = componentProblem(p, plan.vars, plan.confluences);
          const enc = encodeComponent(p, plan.vars, plan.confluences, localOf);
          expect(enc.words.subarray(0, enc.size)).toEqual(encodeProblem(kp));
          expect(enc.words.length).toBe(enc.size + plan.vars.length);
          expect(enc.cells).toEqual(kp.cells);
          const structure = JSON.stringify([plan.vars.length, kp.confluences]);
          for (const [key, s] of structures) expect(key === enc.key).toBe(s === structure);
          structures.set(enc.key, structure);
        }
      }),
      { numRuns: 300, seed: 3 },
    );
  });
});

describe("a given variable order", () => {
  const kernel = kernelFromBase64(RELEASE_WASM_BASE64);
  const ladder = ladderSystem(6);
  const kp = componentProblem(ladder, ladder.variables.map((_, i) => i), ladder.confluences.map((_, i) => i));

  it("is used as is: the same result as the order the kernel computes", () => {
    const computed = kernel.solveComponent(kp, 10, 1e6);
    expect(computed.status).toBe("ok");
    expect(kernel.solveComponent(kp, 10, 1e6, computed.order)).toEqual(computed);
  });
  it("that is not a permutation is refused, and the kernel keeps working", () => {
    const bad = kernel.variableOrder(kp);
    bad[1] = bad[0];
    expect(() => kernel.solveComponent(kp, 10, 1e6, bad)).toThrow(/not a permutation/);
    expect(() => kernel.solveComponent(kp, 10, 1e6, bad.slice(1))).toThrow(KernelError);
    expect(kernel.solveComponent(kp, 10, 1e6).status).toBe("ok");
  });
});

describe("kernel failures", () => {
  it("running out of memory is a KernelMemoryError that says which limit", () => {
    const grow = kernelFailure(new WebAssembly.RuntimeError("unreachable"), 4095 * 2 ** 20);
    expect(grow).toBeInstanceOf(KernelMemoryError);
    expect(grow.message).toBe(
      "the solver kernel ran out of memory (the memory could not grow further; its WebAssembly memory had grown to 4095 MiB of at most 4096 MiB)",
    );
    const array = kernelFailure(new KernelError("solver kernel aborted: Invalid length (~lib/rt.ts:1:1)"), 2 ** 30);
    expect(array).toBeInstanceOf(KernelMemoryError);
    expect(array.message).toMatch(/an array would exceed 1 GiB/);
  });
  it("other traps and aborts stay KernelErrors", () => {
    const trap = kernelFailure(new WebAssembly.RuntimeError("memory access out of bounds"), 2 ** 20);
    expect(trap).toBeInstanceOf(KernelError);
    expect(trap).not.toBeInstanceOf(KernelMemoryError);
    expect(trap.message).toBe("solver kernel trapped: memory access out of bounds");
    const abort = new KernelError("solver kernel aborted: elimination tree order misses a variable");
    expect(kernelFailure(abort, 0)).toBe(abort);
  });
  it("a trapped kernel is replaced by a fresh instance", () => {
    const kernel = kernelFromBase64(RELEASE_WASM_BASE64);
    const kp = structureProblem(3, [[0, 1], [1, 2]]);
    const broken: KernelProblem = { ...kp, confluences: [[{ coef: 1, factors: [{ var: 1 << 29, exp: 1 }] }]] };
    expect(() => kernel.solveComponent(broken, 10, 1e6)).toThrow(/solver kernel trapped/);
    expect(kernel.solveComponent(kp, 10, 1e6).status).toBe("ok");
  });
  it("a component beyond the kernel's memory is a SolveError, and solving goes on", () => {
    // one confluence over 11,600 variables: the order's neighbour lists (n² words, with
    // room for fill edges) would need an array over 1 GiB
    const n = 11_600;
    const variables = Array.from({ length: n }, (_, i) => ({ name: `x${i}`, cells: ["n", "z", "p"], signs: [-1, 0, 1] as (-1 | 0 | 1)[], domain: [0, 1, 2] }));
    const sum = (k: number): Problem => ({
      variables: variables.slice(0, k),
      confluences: [{ id: "sum", terms: variables.slice(0, k).map((_, i) => ({ coef: 1 as const, factors: [{ var: i, exp: 1 }] })) }],
    });
    const kernel = kernelFromBase64(RELEASE_WASM_BASE64);
    expect(() => solve(sum(n), { kernel })).toThrow(
      /^a component of 11600 variables and 1 confluences is too large for the solver: the solver kernel ran out of memory \(an array would exceed 1 GiB; .*\); split the problem into smaller components/,
    );
    expect(solve(sum(3), { kernel }).count).toBe(13n);
  });
  it("solve reports a kernel out of memory as a SolveError naming the component and what to do", () => {
    const kernel = {
      solveEncoded() {
        throw kernelFailure(new WebAssembly.RuntimeError("unreachable"), 4096 * 2 ** 20);
      },
    } as unknown as Kernel;
    const p = ladderSystem(3);
    expect(() => solve(p, { kernel })).toThrow(SolveError);
    expect(() => solve(p, { kernel })).toThrow(
      "a component of 6 variables and 7 confluences is too large for the solver: the solver kernel ran out of memory " +
        "(the memory could not grow further; its WebAssembly memory had grown to 4096 MiB of at most 4096 MiB); " +
        "split the problem into smaller components, or lower the node limit if it was raised",
    );
  });
});

describe("order cache", () => {
  /** A fresh kernel that counts the components solved with a given order. */
  function countingKernel() {
    const kernel = kernelFromBase64(RELEASE_WASM_BASE64);
    const stats = { calls: 0, given: 0 };
    const inner = kernel.solveEncoded.bind(kernel);
    kernel.solveEncoded = (input, cells, maxScope, nodeLimit, givenOrder) => {
      stats.calls++;
      if (givenOrder) stats.given++;
      return inner(input, cells, maxScope, nodeLimit, givenOrder);
    };
    return { kernel, stats };
  }
  const same = (a: Solution, b: Solution) => expect(a).toEqual(b);

  it("gives the same solutions as computing every order, cold and warm, and is used", () => {
    const { kernel, stats } = countingKernel();
    const plain = kernelFromBase64(RELEASE_WASM_BASE64);
    const problems = catalogProblems();
    for (const p of problems) same(solve(p, { kernel }), solve(p, { kernel: plain, reuseOrders: false }));
    expect(stats.given).toBeGreaterThan(stats.calls / 2); // the states of a mechanism share structure
    for (const p of problems) same(solve(p, { kernel }), solve(p, { kernel: plain, reuseOrders: false }));
    expect(orderCacheOf(plain).size).toBe(0);
  });
  it("gives the same solutions on random systems", () => {
    const { kernel } = countingKernel();
    const plain = kernelFromBase64(RELEASE_WASM_BASE64);
    fc.assert(
      fc.property(randomSystem, (p) => {
        const fresh = solve(p, { kernel: plain, reuseOrders: false });
        same(solve(p, { kernel }), fresh);
        same(solve(p, { kernel }), fresh);
      }),
      { numRuns: 500, seed: 8 },
    );
  });
  it("keys an order by structure: other domains reuse it, another structure does not", () => {
    const { kernel, stats } = countingKernel();
    const p = ladderSystem(4);
    solve(p, { kernel });
    const narrowed: Problem = { ...p, variables: p.variables.map((v, i) => (i === 2 ? { ...v, domain: [3, 4] } : v)) };
    solve(narrowed, { kernel });
    expect(stats.given).toBe(1);
    const rewired: Problem = { ...p, confluences: [...p.confluences, { id: "extra", terms: [{ coef: 1, factors: [{ var: 0, exp: 1 }, { var: 7, exp: 1 }] }] }] };
    solve(rewired, { kernel });
    expect(stats.given).toBe(1);
    expect(scopesOf(rewired).length).toBe(scopesOf(p).length + 1);
  });
  it("is bounded: least recently used first out, by entries and by weight", () => {
    const o = (n: number) => new Int32Array(n);
    const byCount = new OrderCache(3, 1000);
    byCount.set("a", o(10));
    byCount.set("b", o(10));
    byCount.set("c", o(10));
    byCount.get("a");
    byCount.set("d", o(10)); // a fourth entry: b, the least recently used, goes
    expect(["a", "b", "c", "d"].map((k) => byCount.get(k) !== undefined)).toEqual([true, false, true, true]);
    // weight = key length + order length
    const byWeight = new OrderCache(100, 100);
    for (const k of ["a", "b", "c", "d", "e"]) byWeight.set(k, o(20)); // 21 each: five would weigh 105
    expect(byWeight.size).toBe(4);
    expect(byWeight.get("a")).toBeUndefined();
    byWeight.set("f", o(30)); // more than a quarter of the budget: not kept
    expect(byWeight.get("f")).toBeUndefined();
    expect(byWeight.size).toBe(4);
  });
});
