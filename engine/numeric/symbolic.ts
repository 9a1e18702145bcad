// Resolved expressions over numbered value slots (a quantity's k-th time derivative, or
// time): time differentiation, partial derivatives, and compilation to closures. Every
// constructor folds constants so that the structure (which slots an equation reads)
// stays as sparse as the physics.
import type { Cmp, Fn } from "./expr.ts";

/** Slot 0 holds the time. */
export const TIME = 0;

export type Sym =
  | { k: "c"; v: number }
  | { k: "x"; id: number }
  | { k: "neg"; a: Sym }
  | { k: "bin"; op: "+" | "-" | "*" | "/" | "^"; a: Sym; b: Sym }
  | { k: "call"; f: Fn; args: Sym[] }
  | { k: "if"; cmp: Cmp; l: Sym; r: Sym; a: Sym; b: Sym };

export const c = (v: number): Sym => ({ k: "c", v });
const isC = (e: Sym, v?: number): e is { k: "c"; v: number } => e.k === "c" && (v === undefined || e.v === v);

export function neg(a: Sym): Sym {
  if (isC(a)) return c(-a.v);
  if (a.k === "neg") return a.a;
  return { k: "neg", a };
}

export function bin(op: "+" | "-" | "*" | "/" | "^", a: Sym, b: Sym): Sym {
  if (isC(a) && isC(b)) return c(apply(op, a.v, b.v));
  switch (op) {
    case "+":
      if (isC(a, 0)) return b;
      if (isC(b, 0)) return a;
      break;
    case "-":
      if (isC(b, 0)) return a;
      if (isC(a, 0)) return neg(b);
      break;
    case "*":
      if (isC(a, 0) || isC(b, 0)) return c(0);
      if (isC(a, 1)) return b;
      if (isC(b, 1)) return a;
      break;
    case "/":
      if (isC(a, 0)) return c(0);
      if (isC(b, 1)) return a;
      break;
    case "^":
      if (isC(b, 1)) return a;
      if (isC(b, 0)) return c(1);
      break;
  }
  return { k: "bin", op, a, b };
}

function apply(op: string, a: number, b: number): number {
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      return a / b;
    default:
      return Math.pow(a, b);
  }
}

const FN: Record<Fn, (...x: number[]) => number> = {
  sin: Math.sin, cos: Math.cos, exp: Math.exp, abs: Math.abs, sign: Math.sign, sqrt: Math.sqrt, min: Math.min, max: Math.max,
};

export function call(f: Fn, args: Sym[]): Sym {
  if (args.every((a) => isC(a))) return c(FN[f](...args.map((a) => (a as { v: number }).v)));
  return { k: "call", f, args };
}

function iff(cmp: Cmp, l: Sym, r: Sym, a: Sym, b: Sym): Sym {
  if (isC(a) && isC(b) && a.v === b.v) return a;
  if (isC(l) && isC(r)) return test(cmp, l.v, r.v) ? a : b;
  return { k: "if", cmp, l, r, a, b };
}
export { iff as ifThen };

function test(cmp: Cmp, l: number, r: number): boolean {
  return cmp === "<" ? l < r : cmp === "<=" ? l <= r : cmp === ">" ? l > r : l >= r;
}

/** The slots an expression reads (comparisons included). */
export function slotsOf(e: Sym, out = new Set<number>()): Set<number> {
  switch (e.k) {
    case "c":
      break;
    case "x":
      out.add(e.id);
      break;
    case "neg":
      slotsOf(e.a, out);
      break;
    case "bin":
      slotsOf(e.a, out);
      slotsOf(e.b, out);
      break;
    case "call":
      e.args.forEach((a) => slotsOf(a, out));
      break;
    case "if":
      [e.l, e.r, e.a, e.b].forEach((a) => slotsOf(a, out));
      break;
  }
  return out;
}

export class NotDifferentiable extends Error {}

/**
 * A derivative of `e`: `dx(id)` is the derivative of slot `id` (null: beyond the
 * orders kept, which makes the whole derivative unavailable).
 */
export function derive(e: Sym, dx: (id: number) => Sym | null): Sym | null {
  const d = (a: Sym) => derive(a, dx);
  switch (e.k) {
    case "c":
      return c(0);
    case "x":
      return dx(e.id);
    case "neg": {
      const a = d(e.a);
      return a && neg(a);
    }
    case "bin": {
      const da = d(e.a), db = d(e.b);
      if (!da || !db) return null;
      switch (e.op) {
        case "+":
          return bin("+", da, db);
        case "-":
          return bin("-", da, db);
        case "*":
          return bin("+", bin("*", da, e.b), bin("*", e.a, db));
        case "/":
          // (a/b)' = a'/b − a·b'/b²
          return bin("-", bin("/", da, e.b), bin("/", bin("*", e.a, db), bin("*", e.b, e.b)));
        case "^":
          if (!isC(e.b)) throw new NotDifferentiable("a power with a non-constant exponent cannot be differentiated");
          return bin("*", bin("*", e.b, bin("^", e.a, c(e.b.v - 1))), da);
      }
      break;
    }
    case "call": {
      const [a, b] = e.args;
      const da = d(a);
      if (!da) return null;
      switch (e.f) {
        case "sin":
          return bin("*", call("cos", [a]), da);
        case "cos":
          return bin("*", neg(call("sin", [a])), da);
        case "exp":
          return bin("*", e, da);
        case "abs":
          return bin("*", call("sign", [a]), da);
        case "sign":
          return c(0);
        case "sqrt":
          return bin("/", da, bin("*", c(2), e));
        case "min":
        case "max": {
          const db = d(b);
          if (!db) return null;
          return iff(e.f === "min" ? "<=" : ">=", a, b, da, db);
        }
      }
      break;
    }
    case "if": {
      const da = d(e.a), db = d(e.b);
      if (!da || !db) return null;
      return iff(e.cmp, e.l, e.r, da, db);
    }
  }
  throw new Error("unreachable");
}

/** ∂e/∂(slot id). */
export function partial(e: Sym, id: number): Sym {
  const r = derive(e, (j) => c(j === id ? 1 : 0));
  if (!r) throw new Error("unreachable: partial derivatives never leave the slots");
  return r;
}

export type Compiled = (x: Float64Array) => number;

/** A closure evaluating `e` on a slot vector. */
export function compile(e: Sym): Compiled {
  switch (e.k) {
    case "c": {
      const v = e.v;
      return () => v;
    }
    case "x": {
      const id = e.id;
      return (x) => x[id];
    }
    case "neg": {
      const a = compile(e.a);
      return (x) => -a(x);
    }
    case "bin": {
      const a = compile(e.a), b = compile(e.b);
      switch (e.op) {
        case "+":
          return (x) => a(x) + b(x);
        case "-":
          return (x) => a(x) - b(x);
        case "*":
          return (x) => a(x) * b(x);
        case "/":
          return (x) => a(x) / b(x);
        case "^":
          return (x) => Math.pow(a(x), b(x));
      }
      break;
    }
    case "call": {
      const f = FN[e.f];
      const args = e.args.map(compile);
      if (args.length === 1) {
        const [a] = args;
        return (x) => f(a(x));
      }
      const [a, b] = args;
      return (x) => f(a(x), b(x));
    }
    case "if": {
      const l = compile(e.l), r = compile(e.r), a = compile(e.a), b = compile(e.b);
      switch (e.cmp) {
        case "<":
          return (x) => (l(x) < r(x) ? a(x) : b(x));
        case "<=":
          return (x) => (l(x) <= r(x) ? a(x) : b(x));
        case ">":
          return (x) => (l(x) > r(x) ? a(x) : b(x));
        case ">=":
          return (x) => (l(x) >= r(x) ? a(x) : b(x));
      }
    }
  }
  throw new Error("unreachable");
}
