import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { forEachInterpretation, interpretations, solve, type SolveOptions } from "./solver.ts";
import { referenceSolve } from "./reference.ts";
import { randomSystem } from "./random_system.test_support.ts";
import { kernelFromBase64 } from "./kernel.ts";
import { DEBUG_WASM_BASE64 } from "./wasm/debug.gen.ts";
import type { Problem } from "../compile/problem.ts";

const key = (a: number[]) => a.join(",");

function expectAgrees(p: Problem, options: SolveOptions = {}) {
  const ref = referenceSolve(p);
  const sol = solve(p, options);
  expect(sol.count).toBe(ref.count);
  expect(sol.supported).toEqual(ref.supported);
  expect([...sol.forced].sort()).toEqual([...ref.forced].sort());
  const all = [...interpretations(sol)].map(key);
  expect(all.length).toBe(Number(ref.count));
  expect(new Set(all).size).toBe(all.length);
  expect([...all].sort()).toEqual(ref.interpretations.map(key).sort());
  // the callback enumeration visits the same interpretations in the same order
  const visited: string[] = [];
  forEachInterpretation(sol, (cells) => visited.push(key([...cells])));
  expect(visited).toEqual(all);
}

describe("WASM solver against the reference solver", () => {
  it("agrees on 2,000 random confluence systems (release kernel)", () => {
    fc.assert(fc.property(randomSystem, (p) => expectAgrees(p)), { numRuns: 2000, seed: 20261130 });
  });
  it("agrees on 300 random systems with the debug kernel (assertions on)", () => {
    const kernel = kernelFromBase64(DEBUG_WASM_BASE64);
    fc.assert(fc.property(randomSystem, (p) => expectAgrees(p, { kernel })), { numRuns: 300, seed: 7 });
  });
  it("agrees on 1,000 random systems with GAC switched off (the MDD alone is exact)", () => {
    fc.assert(fc.property(randomSystem, (p) => expectAgrees(p, { maxGacScope: 0 })), { numRuns: 1000, seed: 99 });
  });
});
