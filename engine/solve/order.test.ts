// The kernel's sparse reverse min-fill order is exactly the original dense algorithm's
// (semantics §10 step 5): same fill, degree and index tie-breaking, same elimination
// tree listing. Every golden output depends on it.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { kernelFromBase64, releaseKernel } from "./kernel.ts";
import { DEBUG_WASM_BASE64 } from "./wasm/debug.gen.ts";
import { randomSystem } from "./random_system.test_support.ts";
import { denseReverseMinFill, scopesOf, structureProblem } from "./order_reference.test_support.ts";
import { chainSystem, ladderSystem, treeSystem } from "../synthetic/systems.ts";
import { compileSynthetic, thermalChainMechanism, thermalLadderMechanism } from "../synthetic/mechanisms.ts";
import type { Problem } from "../compile/problem.ts";

const release = releaseKernel();
const debug = kernelFromBase64(DEBUG_WASM_BASE64);

function expectSameOrder(n: number, scopes: number[][]) {
  const want = denseReverseMinFill(n, scopes);
  expect(release.variableOrder(structureProblem(n, scopes))).toEqual(want);
  expect(debug.variableOrder(structureProblem(n, scopes))).toEqual(want);
}

const expectSameOrderOf = (p: Problem) => expectSameOrder(p.variables.length, scopesOf(p));

/** Random hypergraphs: n vertices, confluence scopes of 1–k distinct vertices. */
const randomStructure = fc.integer({ min: 1, max: 40 }).chain((n) =>
  fc.tuple(
    fc.constant(n),
    fc.integer({ min: 1, max: Math.min(n, 8) }).chain((k) =>
      fc.array(fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: k }), { maxLength: 3 * n })
    ),
  )
);

describe("reverse min-fill order against the dense reference", () => {
  it("is the same on 3,000 random structures (sparse to dense)", () => {
    fc.assert(fc.property(randomStructure, ([n, scopes]) => expectSameOrder(n, scopes)), { numRuns: 3000, seed: 20261202 });
  });
  it("is the same on 500 random confluence systems", () => {
    fc.assert(fc.property(randomSystem, (p) => expectSameOrderOf(p)), { numRuns: 500, seed: 41 });
  });
  it("is the same on the synthetic chains, trees and ladders", () => {
    for (const n of [1, 2, 3, 10, 57, 200]) {
      expectSameOrderOf(chainSystem(n));
      expectSameOrderOf(ladderSystem(n));
    }
    for (const seed of [1, 2, 3]) {
      expectSameOrderOf(treeSystem(150, seed));
      expectSameOrderOf(treeSystem(300, seed, { window: 4 }));
    }
  });
  it("is the same on the thermal chain and ladder mechanisms", () => {
    for (const n of [2, 7, 40]) {
      expectSameOrderOf(compileSynthetic(thermalChainMechanism(n), "flowing").problem);
      expectSameOrderOf(compileSynthetic(thermalLadderMechanism(n), "flowing").problem);
      expectSameOrderOf(compileSynthetic(thermalLadderMechanism(n), "steady").problem);
    }
  });
});

describe("reverse min-fill order at scale", () => {
  it("orders a 150,000-variable chain (a dense matrix could not be allocated beyond about 93,000)", () => {
    const n = 150_000;
    const scopes = Array.from({ length: n - 1 }, (_, i) => [i, i + 1]);
    const order = release.variableOrder(structureProblem(n, scopes));
    expect(order.length).toBe(n);
    expect(new Set(order).size).toBe(n);
  });
});
