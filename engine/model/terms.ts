// Signed product terms as written in catalog files: either the compact text form
// "+m*a", "-G*dT", "+x^2*y", or the object form {coef, factors: [{var, exp}]}.
import { z } from "zod";

const NAME = "[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*";
const FACTOR = `${NAME}(?:\\^[1-9][0-9]*)?`;
export const TERM_PATTERN = new RegExp(`^\\s*[+-]\\s*${FACTOR}(?:\\s*\\*\\s*${FACTOR})*\\s*$`);

export const TermObject = z.object({
  coef: z.literal([-1, 1]),
  factors: z.array(z.object({ var: z.string().regex(new RegExp(`^${NAME}$`)), exp: z.int().min(1).max(64).default(1) }).strict()).min(1),
}).strict();

export const TermText = z.string().regex(
  TERM_PATTERN,
  'expected a signed product such as "+m*a", "-G*dT" or "+x^2*y" (sign, then factors joined by *, optional ^exponent)',
);

export const TermInput = z.union([TermText, TermObject]);
export type TermInput = z.input<typeof TermInput>;

export interface LocalTerm {
  coef: -1 | 1;
  factors: { var: string; exp: number }[];
}

export function parseTerm(t: z.output<typeof TermInput>): LocalTerm {
  if (typeof t !== "string") return { coef: t.coef, factors: t.factors.map((f) => ({ var: f.var, exp: f.exp })) };
  const s = t.trim();
  const coef = s[0] === "-" ? -1 : 1;
  const factors = s.slice(1).split("*").map((f) => {
    const [name, exp] = f.trim().split("^");
    return { var: name, exp: exp ? Number(exp) : 1 };
  });
  return { coef, factors };
}

export function formatTerm(t: LocalTerm): string {
  return (t.coef < 0 ? "-" : "+") + t.factors.map((f) => (f.exp === 1 ? f.var : `${f.var}^${f.exp}`)).join("*");
}
