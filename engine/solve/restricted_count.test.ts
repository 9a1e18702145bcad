// countRestricted (the count under further restrictions, read off the factors) must
// equal a fresh solve of the problem with those cells intersected into its domains.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Problem } from "../compile/problem.ts";
import { countRestricted, factorsOf, solve } from "./solver.ts";
import { countDiagramWhere, type Diagram } from "./diagram.ts";
import { randomSystem } from "./random_system.test_support.ts";

const narrowed = (p: Problem, rs: { var: number; cells: number[] }[]): Problem => ({
  ...p,
  variables: p.variables.map((v, i) => ({ ...v, domain: v.domain.filter((c) => rs.every((r) => r.var !== i || r.cells.includes(c))) })),
});

describe("countRestricted", () => {
  it("x - y = 0 over signs: 3 interpretations; with x positive 1; with x in {negative, positive} and y positive 1; with y zero and x positive 0", () => {
    const v = (name: string) => ({ name, cells: ["negative", "zero", "positive"], signs: [-1, 0, 1] as (-1 | 0 | 1)[], domain: [0, 1, 2] });
    const p: Problem = { variables: [v("x"), v("y"), v("z")], confluences: [{ id: "a", terms: [{ coef: 1, factors: [{ var: 0, exp: 1 }] }, { coef: -1, factors: [{ var: 1, exp: 1 }] }] }] };
    const f = factorsOf(solve(p));
    expect(f.count).toBe(9n); // z is free: 3 × 3
    expect(countRestricted(f, [{ var: 0, cells: [2] }])).toBe(3n);
    expect(countRestricted(f, [{ var: 0, cells: [0, 2] }, { var: 1, cells: [2] }])).toBe(3n);
    expect(countRestricted(f, [{ var: 1, cells: [1] }, { var: 0, cells: [2] }])).toBe(0n);
    expect(countRestricted(f, [{ var: 2, cells: [0, 1] }])).toBe(6n);
    // two restrictions on one variable intersect
    expect(countRestricted(f, [{ var: 0, cells: [0, 1] }, { var: 0, cells: [1, 2] }])).toBe(3n);
  });

  it("equals a fresh solve with the domains narrowed, on random systems and random restrictions", () => {
    const restrictions = (p: Problem) =>
      fc.array(fc.record({ var: fc.integer({ min: 0, max: p.variables.length - 1 }), mask: fc.integer({ min: 0, max: 127 }) }), { maxLength: 3 })
        .map((rs) => rs.map((r) => ({ var: r.var, cells: p.variables[r.var].cells.map((_, c) => c).filter((c) => (r.mask >> c) & 1) })));
    fc.assert(
      fc.property(randomSystem.chain((p) => fc.tuple(fc.constant(p), restrictions(p))), ([p, rs]) => {
        const expected = solve(narrowed(p, rs)).count;
        expect(countRestricted(factorsOf(solve(p)), rs)).toBe(expected);
      }),
      { numRuns: 1500, seed: 11 },
    );
  });

  it("counts exactly past 2^53 (float partial counts give way to BigInt): a chain of 40 layers of 3 cells has 3^40 paths", () => {
    // one node per layer, every cell to the next layer's node
    const chain = (layers: number, k: number): Diagram => ({
      order: Array.from({ length: layers }, (_, l) => l),
      cells: new Array(layers).fill(k),
      layerCount: [...new Array(layers).fill(1), 1],
      layerStart: Array.from({ length: layers }, (_, l) => l * k),
      children: new Int32Array(layers * k).fill(0),
    });
    const all = () => undefined;
    expect(countDiagramWhere(chain(40, 3), all)).toBe(3n ** 40n);
    expect(countDiagramWhere(chain(40, 3), (l) => (l === 0 ? new Set([2]) : undefined))).toBe(3n ** 39n);
    expect(countDiagramWhere(chain(53, 2), all)).toBe(2n ** 53n);
    expect(countDiagramWhere(chain(52, 2), all)).toBe(2n ** 52n);
    expect(countDiagramWhere(chain(40, 3), (l) => (l === 7 ? new Set<number>() : undefined))).toBe(0n);
  });
});
