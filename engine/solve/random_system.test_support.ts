// fast-check generators of small random confluence systems for differential tests.
import fc from "fast-check";
import type { Problem } from "../compile/problem.ts";

/** Largest product of domain sizes handed to the enumerating reference solver. */
export const MAX_SPACE = 20_000;

const variable = fc.integer({ min: 1, max: 7 }).chain((k) =>
  fc.record({
    k: fc.constant(k),
    nNeg: fc.integer({ min: 0, max: k }),
    zero: fc.boolean(),
    domainMask: fc.oneof(
      { weight: 200, arbitrary: fc.integer({ min: 1, max: (1 << k) - 1 }) },
      { weight: 1, arbitrary: fc.constant(0) },
    ),
  })
);

export const randomSystem: fc.Arbitrary<Problem> = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.record({
    vars: fc.array(variable, { minLength: n, maxLength: n }),
    confs: fc.array(
      fc.record({
        scope: fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: Math.min(5, n) }),
        terms: fc.oneof(
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 1 }) },
          { weight: 6, arbitrary: fc.integer({ min: 2, max: 5 }) },
        ).chain((m) => fc.array(
          fc.record({
            coef: fc.constantFrom(-1 as const, 1 as const),
            // now and then a constant term (no factors: just its coefficient)
            picks: fc.oneof(
              { weight: 12, arbitrary: fc.array(fc.record({ at: fc.nat(), exp: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 3 }) },
              { weight: 1, arbitrary: fc.constant([] as { at: number; exp: number }[]) },
            ),
          }),
          { minLength: m, maxLength: m },
        )),
      }),
      { minLength: 0, maxLength: 6 },
    ),
  })
).map(({ vars, confs }) => {
  let space = 1;
  const variables = vars.map((v, i) => {
    const nNeg = Math.min(v.nNeg, v.k);
    const zero = v.zero && nNeg < v.k;
    const signs = Array.from({ length: v.k }, (_, j) => (j < nNeg ? -1 : zero && j === nNeg ? 0 : 1)) as (-1 | 0 | 1)[];
    let domain = signs.map((_, j) => j).filter((j) => (v.domainMask >> j) & 1);
    // keep the reference's search space bounded
    while (domain.length > 1 && space * domain.length > MAX_SPACE) domain = domain.slice(0, -1);
    space *= Math.max(1, domain.length);
    return { name: `x${i}`, cells: signs.map((_, j) => `c${j}`), signs, domain };
  });
  const confluences = confs.map((c, i) => ({
    id: `law${i}`,
    terms: c.terms.map((t) => {
      // every scope variable appears in at least the term that picks it
      const factors = t.picks.map((p) => ({ var: c.scope[p.at % c.scope.length], exp: p.exp }));
      return { coef: t.coef, factors };
    }),
  }));
  return { variables, confluences };
});
