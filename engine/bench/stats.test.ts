// median and nearest-rank p95 on arrays worked out by hand.
import { describe, expect, it } from "vitest";
import { median, nearestRank, p95, summarize } from "./stats.ts";

describe("benchmark statistics", () => {
  it("median: the middle sample, or the mean of the two middle ones", () => {
    expect(median([5])).toBe(5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([10, 10, 1, 1000])).toBe(10);
    expect(median([])).toBeNaN();
  });

  it("p95 by nearest rank: the ⌈0.95·n⌉-th smallest sample", () => {
    // n ≤ 19: rank n, the largest
    expect(p95([1, 2, 3])).toBe(3);
    expect(p95(Array.from({ length: 19 }, (_, i) => i + 1))).toBe(19);
    // n = 20: rank 19; n = 40: rank 38; n = 60: rank 57; n = 100: rank 95
    expect(p95(Array.from({ length: 20 }, (_, i) => 20 - i))).toBe(19);
    expect(p95(Array.from({ length: 40 }, (_, i) => i + 1))).toBe(38);
    expect(p95(Array.from({ length: 60 }, (_, i) => i + 1))).toBe(57);
    expect(p95(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(95);
    expect(nearestRank([7, 1, 4], 50)).toBe(4);
    expect(nearestRank([7, 1, 4], 1)).toBe(1);
    expect(p95([])).toBeNaN();
  });

  it("summarize: runs, median, p95, extremes", () => {
    expect(summarize([4, 2, 8, 6])).toEqual({ runs: 4, medianMs: 5, p95Ms: 8, minMs: 2, maxMs: 8 });
  });
});
