// Quantity spaces: the sign space and ordered landmark spaces.
import { z } from "zod";
import type { Sign } from "./sign.ts";

export const SIGN_CELLS = ["negative", "zero", "positive"] as const;
export const SignName = z.enum(SIGN_CELLS);
export type SignName = z.infer<typeof SignName>;
export const signValue = (s: SignName): Sign => (s === "negative" ? -1 : s === "zero" ? 0 : 1);

const Identifier = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an identifier (letters, digits, _)");

export const Landmark = z.object({
  name: Identifier,
  sign: SignName.describe("sign of the landmark's value"),
}).strict();

export const QuantitySpace = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sign") }).strict(),
  z.object({
    kind: z.literal("landmark"),
    landmarks: z.array(Landmark).min(1).describe("landmarks in increasing order of value"),
  }).strict(),
]);
export type QuantitySpace = z.infer<typeof QuantitySpace>;

export interface Cells {
  names: string[];
  signs: Sign[];
}

const SIGN_SPACE: Cells = { names: [...SIGN_CELLS], signs: [-1, 0, 1] };

/**
 * The cells of a space. A landmark space l1 < … < lk has the 2k+1 alternating cells
 * (-inf,l1), l1, (l1,l2), …, lk, (lk,+inf). A point cell has its landmark's sign; an
 * open interval is positive when its lower end is ≥ 0, negative when its upper end is
 * ≤ 0 (the ends ±inf count as negative/positive); validateSpace rejects any other.
 */
export function cellsOf(space: QuantitySpace): Cells {
  if (space.kind === "sign") return SIGN_SPACE;
  const lm = space.landmarks;
  const names: string[] = [];
  const signs: Sign[] = [];
  const intervalSign = (lo: Sign, hi: Sign): Sign => (lo >= 0 ? 1 : hi <= 0 ? -1 : 0);
  for (let i = 0; i <= lm.length; i++) {
    const lo = i === 0 ? "-inf" : lm[i - 1].name;
    const hi = i === lm.length ? "+inf" : lm[i].name;
    names.push(`(${lo},${hi})`);
    signs.push(intervalSign(i === 0 ? -1 : signValue(lm[i - 1].sign), i === lm.length ? 1 : signValue(lm[i].sign)));
    if (i < lm.length) {
      names.push(lm[i].name);
      signs.push(signValue(lm[i].sign));
    }
  }
  return { names, signs };
}

/** Problems with a landmark space, as messages (empty when valid). */
export function validateSpace(space: QuantitySpace): string[] {
  if (space.kind === "sign") return [];
  const out: string[] = [];
  const lm = space.landmarks;
  const seen = new Set<string>();
  // the unbounded end cells: (-inf, l1) is negative only if l1 <= 0, (lk, +inf) positive only if lk >= 0
  if (lm.length && lm[0].sign === "positive") {
    out.push(`the interval (-inf,${lm[0].name}) spans zero; add a zero landmark below "${lm[0].name}"`);
  }
  if (lm.length && lm[lm.length - 1].sign === "negative") {
    out.push(`the interval (${lm[lm.length - 1].name},+inf) spans zero; add a zero landmark above "${lm[lm.length - 1].name}"`);
  }
  lm.forEach((l, i) => {
    if (seen.has(l.name)) out.push(`landmark "${l.name}" is listed twice`);
    seen.add(l.name);
    if (i > 0) {
      const a = signValue(lm[i - 1].sign);
      const b = signValue(l.sign);
      if (b < a) out.push(`landmarks must be in increasing order: "${lm[i - 1].name}" (${lm[i - 1].sign}) comes before "${l.name}" (${l.sign})`);
      if (a === 0 && b === 0) out.push(`only one landmark can be zero ("${lm[i - 1].name}" and "${l.name}" both are)`);
      if (a < 0 && b > 0) out.push(`the interval (${lm[i - 1].name},${l.name}) spans zero; add a zero landmark between them`);
    }
  });
  return out;
}
