// Qualitative sign algebra on {-1, 0, +1} and on sets of signs (bit sets SIGN_*).
import { SIGN_NEG, SIGN_POS, SIGN_ZERO } from "./problem";

/** sign(x)^e for a positive integer exponent e. */
// @ts-ignore: decorator
@inline
export function signPow(s: i32, e: i32): i32 {
  if (s == 0) return 0;
  return (e & 1) == 0 ? 1 : s;
}

/** Bit of a single sign. */
// @ts-ignore: decorator
@inline
export function signBit(s: i32): i32 {
  return s < 0 ? SIGN_NEG : s == 0 ? SIGN_ZERO : SIGN_POS;
}

/** { s^e : s in S }. */
// @ts-ignore: decorator
@inline
export function setPow(s: i32, e: i32): i32 {
  if ((e & 1) != 0) return s;
  return (s & SIGN_ZERO) | ((s & (SIGN_NEG | SIGN_POS)) != 0 ? SIGN_POS : 0);
}

/** { a*b : a in A, b in B }. */
export function setMul(a: i32, b: i32): i32 {
  if (a == 0 || b == 0) return 0;
  let r: i32 = 0;
  if ((a & SIGN_ZERO) != 0 || (b & SIGN_ZERO) != 0) r |= SIGN_ZERO;
  if (((a & SIGN_POS) != 0 && (b & SIGN_POS) != 0) || ((a & SIGN_NEG) != 0 && (b & SIGN_NEG) != 0)) r |= SIGN_POS;
  if (((a & SIGN_POS) != 0 && (b & SIGN_NEG) != 0) || ((a & SIGN_NEG) != 0 && (b & SIGN_POS) != 0)) r |= SIGN_NEG;
  return r;
}
