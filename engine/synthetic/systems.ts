// Deterministic generators of structured confluence systems (chains, trees, ladders and
// small random-ish systems) for exactness tests and scaling benchmarks. Everything is a
// pure function of its arguments: randomness comes from a seeded mulberry32.
import type { Confluence, Problem, ProblemVariable, Term } from "../compile/problem.ts";
import type { Sign } from "../model/sign.ts";

/** mulberry32: a tiny seeded PRNG, so generated systems are identical in every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in lo..hi (inclusive). */
const randInt = (rng: () => number, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

/** How many cells of each sign a variable's quantity space has. */
export interface CellShape {
  neg: number;
  zero: boolean;
  pos: number;
}

/** Three negative cells, zero, three positive: the space of landmarks lo < 0 < hi. */
export const LANDMARK_SHAPE: CellShape = { neg: 3, zero: true, pos: 3 };
/** The plain sign space. */
export const SIGN_SHAPE: CellShape = { neg: 1, zero: true, pos: 1 };

const LANDMARK_NAMES = ["(-inf,lo)", "lo", "(lo,0)", "0", "(0,hi)", "hi", "(hi,+inf)"];

/** A variable with the given cell shape and full domain (cells ordered −, 0, +). */
export function shapedVariable(name: string, shape: CellShape = LANDMARK_SHAPE): ProblemVariable {
  const signs: Sign[] = [
    ...Array<Sign>(shape.neg).fill(-1),
    ...(shape.zero ? [0 as Sign] : []),
    ...Array<Sign>(shape.pos).fill(1),
  ];
  if (signs.length === 0) throw new RangeError("a variable needs at least one cell");
  const landmark = shape.neg === 3 && shape.zero && shape.pos === 3;
  const cells = signs.map((s, i) => (landmark ? LANDMARK_NAMES[i] : `${s < 0 ? "n" : s > 0 ? "p" : "z"}${i}`));
  return { name, cells, signs, domain: cells.map((_, i) => i) };
}

const f = (v: number, exp = 1) => ({ var: v, exp });
const term = (coef: -1 | 1, ...factors: { var: number; exp: number }[]): Term => ({ coef, factors });

/**
 * Binary confluence forms between neighbours x and y. Reading them as constraints:
 * equal: sgn x = sgn y; opposite: sgn x = −sgn y; cubic: the same as equal through an
 * odd power; square: x = 0 ⇔ y = 0; gate: y = 0 or x > 0; even: (x = 0 ⇔ y = 0) and
 * y ≥ 0; triple: three terms, +x − y + x·y; constant: x·y > 0 (the +1 term rules out
 * the all-zero case).
 */
export const CHAIN_FORMS = ["equal", "opposite", "cubic", "square", "gate", "even", "triple", "constant"] as const;
export type ChainForm = (typeof CHAIN_FORMS)[number];

export function binaryConfluence(form: ChainForm, x: number, y: number, id: string): Confluence {
  const terms: Record<ChainForm, Term[]> = {
    equal: [term(1, f(x)), term(-1, f(y))],
    opposite: [term(1, f(x)), term(1, f(y))],
    cubic: [term(1, f(x, 3)), term(-1, f(y))],
    square: [term(1, f(x, 2)), term(-1, f(y, 2))],
    gate: [term(1, f(x), f(y)), term(-1, f(y))],
    even: [term(-1, f(x, 2)), term(1, f(y))],
    triple: [term(1, f(x)), term(-1, f(y)), term(1, f(x), f(y))],
    constant: [term(1), term(-1, f(x), f(y))],
  };
  return { id, terms: terms[form] };
}

export interface ChainOptions {
  /** One form for every link, or "mixed" (the default): forms vary along the chain. */
  form?: ChainForm | "mixed";
  /** Cell shape of every variable (default: 7 landmark cells, 3 −, 0, 3 +). */
  shape?: CellShape;
  /** For "mixed": pick forms with this seed instead of cycling through CHAIN_FORMS. */
  seed?: number;
}

/** x0 — x1 — … — x(n−1), one binary confluence per link. */
export function chainSystem(n: number, opts: ChainOptions = {}): Problem {
  const form = opts.form ?? "mixed";
  const rng = opts.seed === undefined ? null : mulberry32(opts.seed);
  const variables = Array.from({ length: n }, (_, i) => shapedVariable(`x${i}`, opts.shape));
  const confluences = Array.from({ length: Math.max(0, n - 1) }, (_, i) => {
    const fi = form !== "mixed" ? form : CHAIN_FORMS[rng ? Math.floor(rng() * CHAIN_FORMS.length) : i % CHAIN_FORMS.length];
    return binaryConfluence(fi, i, i + 1, `link${i}_${fi}`);
  });
  return { mechanism: `chain_${n}_${form}`, variables, confluences };
}

export interface TreeOptions {
  /**
   * Each variable hangs below one of the `window` variables created just before it
   * (default: any earlier one, a random recursive tree). A small window gives deep,
   * path-like trees, whose layered MDD stays narrow.
   */
  window?: number;
  /**
   * Also draw factorless ±1 terms. Off by default: the seeded instances the tests and
   * benchmarks use were picked (for size and satisfiability) without them.
   */
  constantTerms?: boolean;
}

/**
 * A random tree of n variables rooted at x0: each variable i > 0 hangs below a random
 * earlier one, and a parent's children are grouped into binary (parent, child) and
 * ternary (parent, child, child) confluences with random terms: coefficients ±1,
 * exponents 1–3 (constant terms only on request). Shapes and domains vary; a few
 * variables cannot be zero, which makes some seeds unsatisfiable.
 */
export function treeSystem(n: number, seed: number, opts: TreeOptions = {}): Problem {
  const rng = mulberry32(seed);
  const variables = Array.from({ length: n }, (_, i) => {
    const v = shapedVariable(`t${i}`, { neg: randInt(rng, 0, 3), zero: true, pos: randInt(rng, 0, 3) });
    // a restricted domain that keeps the zero cell
    if (rng() < 0.2) v.domain = v.domain.filter((c) => v.signs[c] === 0 || rng() < 0.5);
    return v;
  });
  // Up to three variables lose their zero cell: while every variable can be zero the
  // all-zero interpretation satisfies every confluence, so these are what make some
  // instances unsatisfiable (a fixed number, so the rate does not grow with n).
  for (let k = randInt(rng, 0, 3); k > 0; k--) {
    const v = variables[randInt(rng, 0, n - 1)];
    const nonzero = v.domain.filter((c) => v.signs[c] !== 0);
    if (nonzero.length) v.domain = nonzero;
  }
  const children: number[][] = Array.from({ length: n }, () => []);
  const window = opts.window ?? n;
  for (let i = 1; i < n; i++) {
    const lo = Math.max(0, i - window);
    children[lo + Math.floor(rng() * (i - lo))].push(i);
  }
  const confluences: Confluence[] = [];
  for (let p = 0; p < n; p++) {
    const kids = children[p];
    for (let j = 0; j < kids.length;) {
      const take = j + 1 < kids.length && rng() < 0.5 ? 2 : 1;
      const scope = [p, ...kids.slice(j, j + take)];
      j += take;
      confluences.push({ id: `tree${confluences.length}`, terms: randomTerms(rng, scope, opts.constantTerms ?? false) });
    }
  }
  return { mechanism: `tree_${n}_${seed}`, variables, confluences };
}

/**
 * 1–4 random terms over `scope` (rarely one: a lone term must vanish, which is a strong
 * constraint). Every term has a factor and every scope variable occurs in some term;
 * with `constant`, a factorless ±1 term is sometimes added.
 */
function randomTerms(rng: () => number, scope: number[], constant: boolean): Term[] {
  const m = rng() < 0.1 ? 1 : randInt(rng, 2, 4);
  const pick = () => scope[randInt(rng, 0, scope.length - 1)];
  const off = randInt(rng, 0, scope.length - 1); // rotate so terms start on distinct variables
  const terms: Term[] = Array.from({ length: m }, (_, j) => ({
    coef: rng() < 0.5 ? -1 : 1,
    factors: [f(scope[(off + j) % scope.length], randInt(rng, 1, 3))],
  }));
  for (const v of scope) {
    if (terms.some((t) => t.factors.some((x) => x.var === v))) continue;
    terms[randInt(rng, 0, m - 1)].factors.push(f(v, randInt(rng, 1, 3)));
  }
  for (const t of terms) {
    const v = pick();
    if (rng() < 0.3 && !t.factors.some((x) => x.var === v)) t.factors.push(f(v, randInt(rng, 1, 3)));
  }
  if (constant && rng() < 0.2) terms.splice(randInt(rng, 0, m), 0, { coef: rng() < 0.5 ? -1 : 1, factors: [] });
  return terms;
}

export interface LadderOptions {
  /** Cell shape of every variable (default: 7 landmark cells). */
  shape?: CellShape;
}

/**
 * A 2×n ladder: rails a0 — a1 — … and b0 — b1 — …, rungs a_i — b_i. Variables are
 * interleaved (a_i = 2i, b_i = 2i+1) so the reference's index-order search prunes early.
 * Every square a_i a_(i+1) b_(i+1) b_i is a cycle, so GAC alone is not exact (cells
 * survive GAC that no interpretation takes); the form rotation was chosen so that the
 * count still grows with n instead of collapsing to the all-zero interpretation.
 */
export function ladderSystem(n: number, opts: LadderOptions = {}): Problem {
  const variables: ProblemVariable[] = [];
  for (let i = 0; i < n; i++) variables.push(shapedVariable(`a${i}`, opts.shape), shapedVariable(`b${i}`, opts.shape));
  const railA: ChainForm[] = ["gate", "square", "triple"];
  const railB: ChainForm[] = ["square", "gate", "equal"];
  const rung: ChainForm[] = ["opposite", "triple", "gate"];
  const confluences: Confluence[] = [];
  for (let i = 0; i < n; i++) {
    const r = rung[i % rung.length];
    confluences.push(binaryConfluence(r, 2 * i, 2 * i + 1, `rung${i}_${r}`));
    if (i + 1 < n) {
      const fa = railA[i % railA.length];
      const fb = railB[i % railB.length];
      confluences.push(binaryConfluence(fa, 2 * i, 2 * i + 2, `railA${i}_${fa}`));
      confluences.push(binaryConfluence(fb, 2 * i + 1, 2 * i + 3, `railB${i}_${fb}`));
    }
  }
  return { mechanism: `ladder_${n}`, variables, confluences };
}

/**
 * A small random-ish system (benchmark fodder): 4–10 variables of 1–7 cells, a few
 * confluences over 1–4 variables with 1–4 random terms. Small enough for the reference.
 */
export function randomSmallSystem(seed: number): Problem {
  const rng = mulberry32(seed);
  const n = randInt(rng, 4, 10);
  const variables = Array.from({ length: n }, (_, i) => {
    const shape: CellShape = { neg: randInt(rng, 0, 3), zero: rng() < 0.7, pos: randInt(rng, 0, 3) };
    if (shape.neg + shape.pos === 0 && !shape.zero) shape.zero = true;
    return shapedVariable(`r${i}`, shape);
  });
  const nConf = randInt(rng, 1, 6);
  const confluences = Array.from({ length: nConf }, (_, c) => {
    const size = randInt(rng, 1, Math.min(4, n));
    const scope: number[] = [];
    while (scope.length < size) {
      const v = randInt(rng, 0, n - 1);
      if (!scope.includes(v)) scope.push(v);
    }
    return { id: `rand${c}`, terms: randomTerms(rng, scope, false) };
  });
  return { mechanism: `random_${seed}`, variables, confluences };
}
