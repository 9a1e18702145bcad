// Naming scheme for derivative variables and content-addressed law ids.

/**
 * The order-th time derivative of a local variable `name` is `d<order>__<name>` with the
 * dots of port variables replaced by `__`: d1__flange__f is d/dt of flange.f, and
 * d2__flange_b__s is the second derivative of flange_b.s.
 */
export function derivativeName(name: string, order: number): string {
  return `d${order}__${name.replaceAll(".", "__")}`;
}

/** FNV-1a, 64 bit, over the UTF-16 code units of a string: a stable content id. */
export function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * prime) & mask;
  }
  return h.toString(16).padStart(16, "0");
}

/** Id of an unnamed law: `law_` and the hash of its canonical term text. */
export function contentLawId(canonicalTerms: string): string {
  return `law_${fnv1a64(canonicalTerms)}`;
}
