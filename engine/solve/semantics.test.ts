import { describe, expect, it } from "vitest";
import type { Problem } from "../compile/problem.ts";
import { satisfies, termSign } from "./semantics.ts";
import { solve } from "./solver.ts";
import { referenceSolve } from "./reference.ts";

// Three sign-space variables x, y, z: cells negative(0), zero(1), positive(2).
const N = 0, Z = 1, P = 2;
const signVar = (name: string, domain = [N, Z, P]) => ({ name, cells: ["negative", "zero", "positive"], signs: [-1, 0, 1] as (-1 | 0 | 1)[], domain });
const sys = (confluences: Problem["confluences"], vars = ["x", "y", "z"].map((n) => signVar(n))): Problem => ({ variables: vars, confluences });
const t = (coef: -1 | 1, ...factors: [number, number][]) => ({ coef, factors: factors.map(([v, exp]) => ({ var: v, exp })) });
const law = (id: string, ...terms: ReturnType<typeof t>[]) => ({ id, terms });

describe("confluence satisfaction (Definition 3), hand-derived", () => {
  const p = sys([]);
  const holds = (c: ReturnType<typeof law>, a: number[]) => satisfies(p, c, a);
  it("all terms zero satisfies", () => {
    expect(holds(law("c", t(1, [0, 1]), t(-1, [1, 1])), [Z, Z, Z])).toBe(true);
  });
  it("one positive and one negative term satisfies: x - y with x=+, y=+", () => {
    expect(holds(law("c", t(1, [0, 1]), t(-1, [1, 1])), [P, P, Z])).toBe(true);
  });
  it("a zero term beside nonzero terms of one sign does not satisfy: x - y with x=+, y=0", () => {
    expect(holds(law("c", t(1, [0, 1]), t(-1, [1, 1])), [P, Z, Z])).toBe(false);
  });
  it("x + y + z with x=0, y=+, z=+ does not satisfy; with z=- it does", () => {
    const c = law("c", t(1, [0, 1]), t(1, [1, 1]), t(1, [2, 1]));
    expect(holds(c, [Z, P, P])).toBe(false);
    expect(holds(c, [Z, P, N])).toBe(true);
  });
  it("a single term satisfies exactly when it is zero", () => {
    const c = law("c", t(1, [0, 1]));
    expect([N, Z, P].map((v) => holds(c, [v, Z, Z]))).toEqual([false, true, false]);
  });
  it("even exponents make a negative factor positive: x^2 + y with x=-, y=- satisfies", () => {
    expect(holds(law("c", t(1, [0, 2]), t(1, [1, 1])), [N, N, Z])).toBe(true);
    expect(termSign(p, t(1, [0, 2]), [N, N, Z])).toBe(1);
    expect(termSign(p, t(1, [0, 3]), [N, N, Z])).toBe(-1);
  });
  it("a product term takes the product of signs and the coefficient: -x*y with x=-, y=+ is +", () => {
    expect(termSign(p, t(-1, [0, 1], [1, 1]), [N, P, Z])).toBe(1);
    expect(termSign(p, t(-1, [0, 1], [1, 1]), [Z, P, Z])).toBe(0);
  });
});

describe("small systems, hand-derived counts", () => {
  it("x - y = 0, y - z = 0: the three variables share a sign, 3 interpretations", () => {
    const p = sys([law("a", t(1, [0, 1]), t(-1, [1, 1])), law("b", t(1, [1, 1]), t(-1, [2, 1]))]);
    const s = solve(p);
    expect(s.count).toBe(3n);
    expect(s.forced.size).toBe(0);
  });
  it("restricting x to positive forces y and z positive, and GAC says which law removed what", () => {
    const p = sys([law("a", t(1, [0, 1]), t(-1, [1, 1])), law("b", t(1, [1, 1]), t(-1, [2, 1]))],
      [signVar("x", [P]), signVar("y"), signVar("z")]);
    const s = solve(p);
    expect(s.count).toBe(1n);
    expect([...s.forced]).toEqual([[0, P], [1, P], [2, P]]);
    expect(s.removals).toEqual([
      { var: 1, cell: N, stage: "gac", law: "a" },
      { var: 1, cell: Z, stage: "gac", law: "a" },
      { var: 2, cell: N, stage: "gac", law: "b" },
      { var: 2, cell: Z, stage: "gac", law: "b" },
    ]);
  });
  it("x + y = 0, y + z = 0, x + z = 0 forces all zero; GAC alone keeps every value, the MDD removes them", () => {
    // pairwise, each law allows opposite signs or both zero; jointly x = -y = z = -x, so x = 0
    const p = sys([
      law("xy", t(1, [0, 1]), t(1, [1, 1])),
      law("yz", t(1, [1, 1]), t(1, [2, 1])),
      law("xz", t(1, [0, 1]), t(1, [2, 1])),
    ]);
    const s = solve(p);
    expect(s.count).toBe(1n);
    expect([...s.forced]).toEqual([[0, Z], [1, Z], [2, Z]]);
    expect(s.removals.filter((r) => r.stage === "gac")).toEqual([]);
    expect(s.removals.filter((r) => r.stage === "mdd").length).toBe(6);
    expect(referenceSolve(p).count).toBe(1n);
  });
  it("x*y - z = 0 leaves z determined by x and y: 9 of 27 assignments", () => {
    // sign(z) = sign(x)sign(y): for each (x, y) exactly one z
    const p = sys([law("prod", t(1, [0, 1], [1, 1]), t(-1, [2, 1]))]);
    expect(solve(p).count).toBe(9n);
  });
  it("x^2 + y^2 = 0 forces both zero; z is free", () => {
    const p = sys([law("sq", t(1, [0, 2]), t(1, [1, 2]))]);
    const s = solve(p);
    expect(s.count).toBe(3n);
    expect([...s.forced]).toEqual([[0, Z], [1, Z]]);
  });
  it("an empty domain ends the solve with count 0", () => {
    const p = sys([], [signVar("x", []), signVar("y"), signVar("z")]);
    const s = solve(p);
    expect(s.count).toBe(0n);
    expect(s.empty).toEqual({ stage: "domain", var: 0 });
  });
  it("an unsatisfiable law empties a domain during GAC and names the law", () => {
    const p = sys([law("never", t(1, [0, 2]), t(1, [1, 1]))], [signVar("x", [P]), signVar("y", [P]), signVar("z")]);
    const s = solve(p);
    expect(s.count).toBe(0n);
    expect(s.empty).toMatchObject({ stage: "gac", law: "never" });
  });
});

describe("resource limits", () => {
  it("a decision diagram over the node limit is refused with a SolveError, not a crash", async () => {
    const { SolveError } = await import("./solver.ts");
    const vars = Array.from({ length: 12 }, (_, i) => signVar(`x${i}`));
    // x0 + … + x11 = 0 has many distinct residuals once GAC is off
    const p = sys([law("sum", ...vars.map((_, i) => t(1, [i, 1])))], vars);
    expect(() => solve(p, { maxGacScope: 0, nodeLimit: 10 })).toThrow(SolveError);
    expect(solve(p, { maxGacScope: 0 }).count).toBe(referenceSolve(p).count);
  });
});
