import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finalScore } from "./aggregate.ts";
import { gradeAnswer, parseStrictNumber, withinTolerance } from "./answer.ts";
import { efficiency, reasoningDiversity } from "./dimensions.ts";
import { regrade } from "./normalize.ts";

const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 });
const RUNS = { numRuns: 500, seed: 7 };

describe("properties of the matcher", () => {
  it("the relative tolerance is scale invariant (ε_abs = 0, exact binary scalings)", () => {
    // Normal doubles only: a subnormal's scaling by 2^k is not exact.
    const normal = finite.filter((x) => x === 0 || Math.abs(x) > 1e-200);
    fc.assert(
      fc.property(normal, normal, fc.integer({ min: -20, max: 20 }), (p, t, k) => {
        const tol = { epsAbs: 0, epsRel: 0.05 };
        const s = 2 ** k;
        return withinTolerance(p, t, tol) === withinTolerance(p * s, t * s, tol);
      }),
      RUNS,
    );
  });

  it("Eq. (4) is symmetric under a sign flip of both values, and exact answers always pass", () => {
    fc.assert(fc.property(finite, finite, (p, t) => withinTolerance(p, t) === withinTolerance(-p, -t) && withinTolerance(t, t)), RUNS);
  });

  it("a number printed by String(), with or without a unit, parses back to itself", () => {
    fc.assert(
      fc.property(finite, fc.constantFrom("", " m", " m/s^2", "s", " kg·m/s", " N*m"), (x, unit) => {
        const parsed = parseStrictNumber(String(x) + unit);
        return parsed !== null && parsed.value === x; // −0 prints as "0": === treats them as equal
      }),
      RUNS,
    );
  });

  const part = fc.oneof(finite.map((x) => Math.round(x * 100) / 100), fc.constantFrom("object_2", "equal", "2.5 m", "", "a, b"));
  const answer = fc.oneof(fc.constant(null), part, fc.array(part, { maxLength: 5 }), fc.array(part, { maxLength: 5 }).map((xs) => xs.join(", ")));
  const truth = fc.oneof(
    finite.map((x) => Math.round(x * 1000) / 1000),
    fc.array(finite.map((x) => Math.round(x * 10) / 10), { minLength: 1, maxLength: 5 }),
  );

  it("C ∈ [0, 1], and C = 1 exactly when strictly correct", () => {
    fc.assert(
      fc.property(answer, truth, (a, t) => {
        const g = gradeAnswer(a, t);
        return g.C >= 0 && g.C <= 1 && (g.C === 1) === g.correct;
      }),
      RUNS,
    );
  });

  it("regrading only ever turns Fail into Pass: pass ≥ strict, C ≥ strict C", () => {
    fc.assert(
      fc.property(answer, truth, (a, t) => {
        const r = regrade(a, { answer: t });
        return (!r.strict.correct || r.pass) && r.C >= r.strict.C && r.C <= 1 && r.regraded === (r.pass && !r.strict.correct);
      }),
      RUNS,
    );
  });
});

describe("properties of the dimensions", () => {
  it("R ∈ (0, 1] for any texts", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 80 }), { maxLength: 6 }), (texts) => {
        const { R } = reasoningDiversity(texts);
        return R > 0 && R <= 1;
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom("step", "the", "simulation", "again"), { maxLength: 60 }), (w) => {
        const { R } = reasoningDiversity([w.join(" ")]);
        return R > 0 && R <= 1;
      }),
      RUNS,
    );
  });

  it("E ∈ [0, 1)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 50 }), (budget, k0) => {
        const k = k0 === 0 ? null : Math.min(k0, budget);
        const E = efficiency(k, budget);
        return E >= 0 && E < 1;
      }),
      RUNS,
    );
  });

  it("the Final Score of dimensions in [0, 1] lies in [0, 100]", () => {
    const d = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(d, d, fc.option(d), d, d, fc.option(d), (C, E, G, V, R, G_prime) => {
        const { score } = finalScore({ C, E, G, V, R, G_prime });
        return score >= 0 && score <= 100 + 1e-9;
      }),
      RUNS,
    );
  });
});
