// The quantitative expression language of component types: a small recursive-descent
// parser. Grammar (lowest precedence first):
//   equation   := expr "=" expr
//   expr       := term (("+" | "-") term)*
//   term       := unary (("*" | "/") unary)*
//   unary      := "-" unary | power
//   power      := atom ("^" unary)?            (right-associative)
//   atom       := number | name | name "(" args ")" | "(" expr ")"
//   name       := identifier ("." identifier)?  (a port variable such as flange_a.f)
// `if(a <op> b, then, else)` takes a comparison (<, <=, >, >=) as its first argument;
// comparisons are allowed nowhere else.

export type Cmp = "<" | "<=" | ">" | ">=";
export const FUNCTIONS = ["sin", "cos", "exp", "abs", "sign", "sqrt", "min", "max"] as const;
export type Fn = (typeof FUNCTIONS)[number];
const ARITY: Record<Fn, number> = { sin: 1, cos: 1, exp: 1, abs: 1, sign: 1, sqrt: 1, min: 2, max: 2 };

export type Expr =
  | { k: "num"; v: number }
  | { k: "name"; n: string }
  | { k: "der"; n: string }
  | { k: "neg"; a: Expr }
  | { k: "bin"; op: "+" | "-" | "*" | "/" | "^"; a: Expr; b: Expr }
  | { k: "call"; f: Fn; args: Expr[] }
  | { k: "if"; cmp: Cmp; l: Expr; r: Expr; a: Expr; b: Expr };

export interface Equation {
  lhs: Expr;
  rhs: Expr;
}

export class ExprError extends Error {}

type Tok = { t: "num"; v: number; at: number } | { t: "id"; v: string; at: number } | { t: "op"; v: string; at: number } | { t: "end"; at: number };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === " " || c === "\t") {
      i++;
      continue;
    }
    const num = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i));
    if (num) {
      out.push({ t: "num", v: Number(num[0]), at: i });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?/.exec(src.slice(i));
    if (id) {
      out.push({ t: "id", v: id[0], at: i });
      i += id[0].length;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === "<=" || two === ">=") {
      out.push({ t: "op", v: two, at: i });
      i += 2;
      continue;
    }
    if ("+-*/^(),=<>".includes(c)) {
      out.push({ t: "op", v: c, at: i });
      i++;
      continue;
    }
    throw new ExprError(`unexpected character "${c}" at column ${i + 1}`);
  }
  out.push({ t: "end", at: src.length });
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[]) {}
  private peek(): Tok {
    return this.toks[this.i];
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t.t === "op" && t.v === v;
  }
  private expect(v: string): void {
    if (!this.isOp(v)) throw new ExprError(`expected "${v}" at column ${this.peek().at + 1}, found ${describe(this.peek())}`);
    this.i++;
  }
  equation(): Equation {
    const lhs = this.expr();
    this.expect("=");
    const rhs = this.expr();
    this.end();
    return { lhs, rhs };
  }
  comparison(): Comparison {
    const lhs = this.expr();
    const c = this.peek();
    if (c.t !== "op" || !["<", "<=", ">", ">="].includes(c.v)) throw new ExprError(`expected a comparison (<, <=, >, >=) at column ${c.at + 1}, found ${describe(c)}`);
    this.i++;
    const rhs = this.expr();
    this.end();
    return { lhs, cmp: c.v as Cmp, rhs };
  }
  end(): void {
    if (this.peek().t !== "end") throw new ExprError(`unexpected ${describe(this.peek())} at column ${this.peek().at + 1}`);
  }
  expr(): Expr {
    let a = this.term();
    while (this.isOp("+") || this.isOp("-")) {
      const op = (this.toks[this.i++] as { v: "+" | "-" }).v;
      a = { k: "bin", op, a, b: this.term() };
    }
    return a;
  }
  private term(): Expr {
    let a = this.unary();
    while (this.isOp("*") || this.isOp("/")) {
      const op = (this.toks[this.i++] as { v: "*" | "/" }).v;
      a = { k: "bin", op, a, b: this.unary() };
    }
    return a;
  }
  private unary(): Expr {
    if (this.isOp("-")) {
      this.i++;
      return { k: "neg", a: this.unary() };
    }
    const a = this.atom();
    if (this.isOp("^")) {
      this.i++;
      return { k: "bin", op: "^", a, b: this.unary() };
    }
    return a;
  }
  private atom(): Expr {
    const t = this.peek();
    if (t.t === "num") {
      this.i++;
      return { k: "num", v: t.v };
    }
    if (t.t === "op" && t.v === "(") {
      this.i++;
      const e = this.expr();
      this.expect(")");
      return e;
    }
    if (t.t !== "id") throw new ExprError(`expected a number, a name or "(" at column ${t.at + 1}, found ${describe(t)}`);
    this.i++;
    if (!this.isOp("(")) return { k: "name", n: t.v };
    this.i++;
    if (t.v === "der") {
      const n = this.peek();
      if (n.t !== "id") throw new ExprError(`der() takes a variable name (column ${n.at + 1})`);
      this.i++;
      this.expect(")");
      return { k: "der", n: n.v };
    }
    if (t.v === "if") {
      const l = this.expr();
      const c = this.peek();
      if (c.t !== "op" || !["<", "<=", ">", ">="].includes(c.v)) throw new ExprError(`if() needs a comparison (<, <=, >, >=) as its first argument (column ${c.at + 1})`);
      this.i++;
      const r = this.expr();
      this.expect(",");
      const a = this.expr();
      this.expect(",");
      const b = this.expr();
      this.expect(")");
      return { k: "if", cmp: c.v as Cmp, l, r, a, b };
    }
    if (!(FUNCTIONS as readonly string[]).includes(t.v)) throw new ExprError(`unknown function "${t.v}" (expected one of ${FUNCTIONS.join(", ")}, der, if)`);
    const f = t.v as Fn;
    const args = [this.expr()];
    while (this.isOp(",")) {
      this.i++;
      args.push(this.expr());
    }
    this.expect(")");
    if (args.length !== ARITY[f]) throw new ExprError(`${f}() takes ${ARITY[f]} argument${ARITY[f] > 1 ? "s" : ""}, got ${args.length}`);
    return { k: "call", f, args };
  }
}

const describe = (t: Tok) => (t.t === "end" ? "the end" : `"${t.v}"`);

export function parseEquation(src: string): Equation {
  return new Parser(tokenize(src)).equation();
}

/** A mode guard "lhs <op> rhs" (docs/semantics.md, "Modes"). */
export interface Comparison {
  lhs: Expr;
  cmp: Cmp;
  rhs: Expr;
}

export function parseComparison(src: string): Comparison {
  return new Parser(tokenize(src)).comparison();
}

export function parseExpr(src: string): Expr {
  const p = new Parser(tokenize(src));
  const e = p.expr();
  p.end();
  return e;
}

/** Every name an expression reads (der(x) reads x), in first-occurrence order. */
export function namesOf(e: Expr, out: string[] = []): string[] {
  switch (e.k) {
    case "num":
      return out;
    case "name":
    case "der":
      if (!out.includes(e.n)) out.push(e.n);
      return out;
    case "neg":
      return namesOf(e.a, out);
    case "bin":
      namesOf(e.a, out);
      return namesOf(e.b, out);
    case "call":
      for (const a of e.args) namesOf(a, out);
      return out;
    case "if":
      for (const a of [e.l, e.r, e.a, e.b]) namesOf(a, out);
      return out;
  }
}

/** Names that appear under der(). */
export function derivedNames(e: Expr, out: string[] = []): string[] {
  if (e.k === "der") {
    if (!out.includes(e.n)) out.push(e.n);
  } else if (e.k === "neg") derivedNames(e.a, out);
  else if (e.k === "bin") (derivedNames(e.a, out), derivedNames(e.b, out));
  else if (e.k === "call") e.args.forEach((a) => derivedNames(a, out));
  else if (e.k === "if") [e.l, e.r, e.a, e.b].forEach((a) => derivedNames(a, out));
  return out;
}
