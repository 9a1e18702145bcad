// Seeded randomness: every draw comes from its own stream, keyed by a string (for task
// generation: seed, family, mechanism, index), so adding or removing one candidate
// leaves every other candidate unchanged, and runs are identical under every runtime.
import { sha256Text } from "./sha256.ts";

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [lo, hi], both included. */
  between(lo: number, hi: number): number;
  pick<T>(items: readonly T[]): T;
  /** A new array with the items in a random order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** A uniform BigInt in [0, n), n ≥ 1 (counts of interpretations exceed 2^53). */
  bigBelow(n: bigint): bigint;
}

/** xoshiro128** seeded with the first 128 bits of SHA-256(key). */
export function keyedRandom(key: string): Random {
  const h = new DataView(sha256Text(key).buffer);
  const s = new Uint32Array([h.getUint32(0, true), h.getUint32(4, true), h.getUint32(8, true), h.getUint32(12, true)]);
  if ((s[0] | s[1] | s[2] | s[3]) === 0) s[0] = 1; // the all-zero state is a fixed point
  const rotl = (x: number, k: number) => ((x << k) | (x >>> (32 - k))) >>> 0;
  const nextU32 = () => {
    const result = (rotl(Math.imul(s[1], 5) >>> 0, 7) * 9) >>> 0;
    const t = (s[1] << 9) >>> 0;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
  };
  const next = () => nextU32() / 2 ** 32;
  const int = (n: number) => {
    if (!(n >= 1)) throw new RangeError(`int(${n}): expected n >= 1`);
    return Math.floor(next() * n);
  };
  const bigBelow = (n: bigint) => {
    if (n < 1n) throw new RangeError(`bigBelow(${n}): expected n >= 1`);
    const bits = n.toString(2).length;
    // rejection sampling over the smallest power of two >= n: exactly uniform
    for (;;) {
      let r = 0n;
      for (let b = 0; b < bits; b += 32) r = (r << 32n) | BigInt(nextU32());
      r &= (1n << BigInt(bits)) - 1n;
      if (r < n) return r;
    }
  };
  return {
    next,
    int,
    bigBelow,
    between: (lo, hi) => lo + int(hi - lo + 1),
    pick: (items) => items[int(items.length)],
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
