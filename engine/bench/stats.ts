// Summaries of measured times. Definitions, on the samples sorted ascending, x(1) ≤ … ≤ x(n):
// - median: x((n+1)/2) for odd n, the mean of x(n/2) and x(n/2+1) for even n;
// - p95: nearest rank, x(⌈0.95·n⌉) — always one of the samples, so with fewer than 20
//   runs it is the slowest run (n ≤ 19 gives ⌈0.95·n⌉ = n).
import type { TimeSummary } from "./schema.ts";

/** The median of the samples (see the definition above); NaN when there are none. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return NaN;
  const s = [...samples].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The p-th percentile (0 < p ≤ 100) by nearest rank: x(⌈p·n/100⌉); NaN when there are no samples. */
export function nearestRank(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const s = [...samples].sort((x, y) => x - y);
  return s[Math.max(1, Math.ceil((p * s.length) / 100)) - 1];
}

export const p95 = (samples: readonly number[]): number => nearestRank(samples, 95);

/** Timed runs in milliseconds, summarized. */
export function summarize(ms: readonly number[]): TimeSummary {
  return { runs: ms.length, medianMs: median(ms), p95Ms: p95(ms), minMs: Math.min(...ms), maxMs: Math.max(...ms) };
}

/** Runs fn once, then again until `minMs` have passed since the start; returns how many times it ran. */
export function warmUp(fn: (run: number) => void, minMs: number): number {
  const t0 = performance.now();
  let n = 0;
  do fn(n++);
  while (performance.now() - t0 < minMs);
  return n;
}

/** Milliseconds spent in fn, by performance.now() (available in Node, Deno and browsers). */
export function timed<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}
