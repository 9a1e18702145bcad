// Sorting the derivative array into solve steps (a BLT-style causalization): repeatedly
// solve every equation left with a single unknown; when none is left, take the smallest
// closed strongly connected block of a maximum matching of the remaining equations to
// their unknowns. Linear steps are solved exactly (division, Gaussian elimination);
// nonlinear ones by Newton from the previous solution.
import { compile, type Compiled, partial, slotsOf, type Sym } from "./symbolic.ts";

export type Step =
  | { kind: "one"; u: number; r: Compiled; p: Compiled; linear: boolean; label: string; terms: Compiled[] }
  | { kind: "block"; us: number[]; rs: Compiled[]; jac: [number, number, Compiled][]; linear: boolean; labels: string[] };

export interface Plan {
  steps: Step[];
}

export class SortError extends Error {}

const isZero = (e: Sym) => e.k === "c" && e.v === 0;

/** The additive terms of an expression (a − b gives a and −b). */
function addends(e: Sym): Sym[] {
  if (e.k === "bin" && e.op === "+") return [...addends(e.a), ...addends(e.b)];
  if (e.k === "bin" && e.op === "-") return [...addends(e.a), ...addends(e.b).map((t): Sym => ({ k: "neg", a: t }))];
  if (e.k === "neg") return addends(e.a).map((t): Sym => ({ k: "neg", a: t }));
  return [e];
}

export function planSolve(
  equations: { label: string; residual: Sym }[],
  size: number,
  known: number[],
  targets: number[],
  name: (slot: number) => string,
  where: string,
  givenBy = "the states",
): Plan {
  const isKnown = new Uint8Array(size);
  for (const k of known) isKnown[k] = 1;
  const eqSlots = equations.map((e) => [...slotsOf(e.residual)]);
  const used = new Uint8Array(equations.length);
  const steps: { step: Step; eqs: number[]; us: number[] }[] = [];
  const unknownsOf = (i: number) => eqSlots[i].filter((s) => !isKnown[s]);
  const done = () => targets.every((t) => isKnown[t]);
  for (;;) {
    // single-unknown equations, to a fixed point
    let progress = true;
    while (progress) {
      progress = false;
      for (let i = 0; i < equations.length; i++) {
        if (used[i]) continue;
        const us = unknownsOf(i);
        if (us.length === 0) {
          used[i] = 1;
          continue;
        }
        if (us.length !== 1) continue;
        const u = us[0];
        const p = partial(equations[i].residual, u);
        if (isZero(p)) continue;
        const linear = !slotsOf(p).has(u);
        const others = addends(equations[i].residual).filter((t) => !slotsOf(t).has(u));
        const terms = linear && others.length >= 2 ? others.map(compile) : [];
        steps.push({ step: { kind: "one", u, r: compile(equations[i].residual), p: compile(p), linear, label: equations[i].label, terms }, eqs: [i], us: [u] });
        used[i] = 1;
        isKnown[u] = 1;
        progress = true;
      }
    }
    if (done()) break;
    const block = smallestBlock(equations.map((_, i) => (used[i] ? [] : unknownsOf(i))));
    if (!block) break;
    const us = block.us;
    const jac: [number, number, Compiled][] = [];
    let linear = true;
    block.eqs.forEach((e, i) => {
      us.forEach((u, j) => {
        const p = partial(equations[e].residual, u);
        if (isZero(p)) return;
        if ([...slotsOf(p)].some((s) => us.includes(s))) linear = false;
        jac.push([i, j, compile(p)]);
      });
    });
    steps.push({
      step: { kind: "block", us, rs: block.eqs.map((e) => compile(equations[e].residual)), jac, linear, labels: block.eqs.map((e) => equations[e].label) },
      eqs: block.eqs,
      us,
    });
    for (const e of block.eqs) used[e] = 1;
    for (const u of us) isKnown[u] = 1;
  }
  const open = targets.filter((t) => !isKnown[t]);
  if (open.length) {
    throw new SortError(`${where}: the equations do not determine ${open.slice(0, 5).map(name).join(", ")}${open.length > 5 ? ` (and ${open.length - 5} more)` : ""} from ${givenBy}`);
  }
  // keep only the steps the targets need
  const needed = new Uint8Array(size);
  for (const t of targets) needed[t] = 1;
  const keep: Step[] = [];
  for (let k = steps.length - 1; k >= 0; k--) {
    const s = steps[k];
    if (!s.us.some((u) => needed[u])) continue;
    keep.push(s.step);
    for (const e of s.eqs) for (const id of eqSlots[e]) needed[id] = 1;
  }
  return { steps: keep.reverse() };
}

/**
 * The smallest strongly connected block of a maximum matching whose equations read no
 * unknown outside it (so it is square and solvable on its own), or null.
 */
function smallestBlock(unknowns: number[][]): { eqs: number[]; us: number[] } | null {
  const match = new Map<number, number>(); // unknown → equation
  const eqMatch = new Map<number, number>(); // equation → unknown
  const augment = (e: number, seen: Set<number>): boolean => {
    for (const u of unknowns[e]) {
      if (seen.has(u)) continue;
      seen.add(u);
      const other = match.get(u);
      if (other === undefined || augment(other, seen)) {
        match.set(u, e);
        eqMatch.set(e, u);
        return true;
      }
    }
    return false;
  };
  for (let e = 0; e < unknowns.length; e++) if (unknowns[e].length) augment(e, new Set());
  // Tarjan over matched equations: e → the equation matched to each other unknown it reads
  const eqs = [...eqMatch.keys()];
  const index = new Map<number, number>(), low = new Map<number, number>(), onStack = new Set<number>();
  const stack: number[] = [];
  const sccs: number[][] = [];
  let counter = 0;
  const visit = (v: number) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const u of unknowns[v]) {
      const w = match.get(u);
      if (w === undefined || w === v) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      sccs.push(scc);
    }
  };
  for (const e of eqs) if (!index.has(e)) visit(e);
  let best: { eqs: number[]; us: number[] } | null = null;
  for (const scc of sccs) {
    const members = new Set(scc);
    const closed = scc.every((e) => unknowns[e].every((u) => match.has(u) && members.has(match.get(u)!)));
    if (!closed) continue;
    if (!best || scc.length < best.eqs.length) {
      const sorted = [...scc].sort((a, b) => a - b);
      best = { eqs: sorted, us: sorted.map((e) => eqMatch.get(e)!) };
    }
  }
  return best;
}

const NEWTON_ITERATIONS = 100;

export function runPlan(plan: Plan, x: Float64Array): void {
  for (const s of plan.steps) {
    if (s.kind === "one") {
      if (s.linear) {
        x[s.u] = 0;
        const p = s.p(x);
        let v = -s.r(x) / p;
        if (s.terms.length) {
          // a sum that cancels to within its own rounding (a balanced node's last flow) is zero
          let size = 0;
          for (const t of s.terms) size += Math.abs(t(x));
          if (Math.abs(v * p) <= s.terms.length * Number.EPSILON * size) v = 0;
        }
        x[s.u] = v;
      } else {
        let k = 0;
        for (; k < NEWTON_ITERATIONS; k++) {
          const d = -s.r(x) / s.p(x);
          x[s.u] += d;
          if (!(Math.abs(d) > 1e-14 * (1 + Math.abs(x[s.u])))) break;
        }
        if (k === NEWTON_ITERATIONS) throw new SortError(`Newton did not converge on ${s.label}`);
      }
      continue;
    }
    const n = s.us.length;
    const iterations = s.linear ? 1 : NEWTON_ITERATIONS;
    let k = 0;
    for (; k < iterations; k++) {
      if (s.linear) for (const u of s.us) x[u] = 0;
      const A = Array.from({ length: n }, () => new Float64Array(n));
      for (const [i, j, f] of s.jac) A[i][j] = f(x);
      const b = s.rs.map((r) => -r(x));
      let d: number[];
      try {
        d = gauss(A, b);
      } catch (e) {
        // a first Newton guess of zeros can make a product's Jacobian singular: restart from ones
        if (s.linear || k > 0 || !(e instanceof SortError)) throw new SortError(`${e instanceof Error ? e.message : e}: ${s.labels.join("; ")}`);
        for (const u of s.us) x[u] = 1;
        continue;
      }
      let step = 0, size = 0;
      s.us.forEach((u, j) => {
        x[u] += d[j];
        step = Math.max(step, Math.abs(d[j]));
        size = Math.max(size, Math.abs(x[u]));
      });
      if (!s.linear && !(step > 1e-14 * (1 + size))) break;
    }
    if (!s.linear && k === iterations) throw new SortError(`Newton did not converge on ${s.labels.join("; ")}`);
  }
}

/** Solves A·d = b by Gaussian elimination with partial pivoting. */
function gauss(A: Float64Array[], b: number[]): number[] {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(A[r][col]) > Math.abs(A[piv][col])) piv = r;
    if (A[piv][col] === 0) throw new SortError("a singular block of equations");
    [A[col], A[piv]] = [A[piv], A[col]];
    [b[col], b[piv]] = [b[piv], b[col]];
    for (let r = col + 1; r < n; r++) {
      const f = A[r][col] / A[col][col];
      if (f === 0) continue;
      for (let k = col; k < n; k++) A[r][k] -= f * A[col][k];
      b[r] -= f * b[col];
    }
  }
  const d = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r];
    for (let k = r + 1; k < n; k++) s -= A[r][k] * d[k];
    d[r] = s / A[r][r];
  }
  return d;
}
