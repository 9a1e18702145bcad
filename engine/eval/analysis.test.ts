import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { binCuts, familyBins } from "./bins.ts";
import { clusterDraws, clusterTotals, percentileInterval } from "./bootstrap.ts";
import { conditionalLogit, conditionalLogLikelihood, type Observation } from "./regression.ts";

describe("B1–B4 analysis bins (A.8)", () => {
  it("a worked example: tie blocks stay whole, distance ties take the earlier boundary", () => {
    // C = 1 1 | 2 | 3 3 3 | 4 | 5 | 6 6: boundaries 0 2 3 6 7 8 10; targets 2.5, 5, 7.5
    expect(binCuts([1, 1, 2, 3, 3, 3, 4, 5, 6, 6])).toEqual([2, 6, 7]);
    // all equal: one block; every cut at the nearest end (the middle one, equidistant, at the earlier)
    expect(binCuts([5, 5, 5, 5, 5])).toEqual([0, 0, 5]);
    expect(binCuts([1, 2, 3, 4, 5, 6, 7, 8])).toEqual([2, 4, 6]);
    expect(binCuts([])).toEqual([0, 0, 0]);
  });

  it("orders by (C, mechanism, task id); items of equal C share a bin even when that leaves a bin empty", () => {
    const items = [
      { task_id: "t4", mechanism: "b", complexity: 3 },
      { task_id: "t1", mechanism: "a", complexity: 1 },
      { task_id: "t3", mechanism: "a", complexity: 3 },
      { task_id: "t2", mechanism: "a", complexity: 2 },
    ];
    // C = 1 2 3 3: boundaries 0 1 2 4, targets 1 2 3 → cuts 1, 2, 2 (3 is equidistant from 2 and 4)
    expect(Object.fromEntries(familyBins(items))).toEqual({ t1: 0, t2: 1, t3: 3, t4: 3 });
  });

  it("property: cuts are tie-block boundaries, ordered, each the nearest (earlier on ties) to its target", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 60 }), (raw) => {
      const c = [...raw].sort((a, b) => a - b), n = c.length;
      const cuts = binCuts(c);
      const bounds = [0, ...c.flatMap((v, p) => (p > 0 && v !== c[p - 1] ? [p] : [])), n];
      cuts.forEach((cut, j) => {
        expect(bounds).toContain(cut);
        const target = ((j + 1) * n) / 4;
        for (const b of bounds) {
          expect(Math.abs(cut - target) <= Math.abs(b - target)).toBe(true);
          if (Math.abs(b - target) === Math.abs(cut - target)) expect(cut <= b).toBe(true);
        }
      });
      expect(cuts[0] <= cuts[1] && cuts[1] <= cuts[2]).toBe(true);
    }), { numRuns: 2_000, seed: 5 });
  });
});

describe("mechanism-level cluster bootstrap", () => {
  it("draws with replacement, as many mechanisms as there are, identically for the same seed and clusters", () => {
    const d = clusterDraws(["b", "a", "c"], 500);
    expect(d.mechanisms).toEqual(["a", "b", "c"]);
    for (let r = 0; r < 500; r++) expect(d.weights[3 * r] + d.weights[3 * r + 1] + d.weights[3 * r + 2]).toBe(3);
    expect(clusterDraws(["c", "a", "b"], 500).weights).toEqual(d.weights);
    expect(clusterDraws(["a", "b", "c"], 500, "other").weights).not.toEqual(d.weights);
  });

  it("item-weighted replicate values; the interval is the nearest-rank 2.5 % and 97.5 % of the defined replicates", () => {
    // two replicates by hand: {a, a} and {a, b}
    const d = { mechanisms: ["a", "b"], replicates: 2, weights: new Uint16Array([2, 0, 1, 1]) };
    const t = clusterTotals(d, [{ mechanism: "a", value: 1 }, { mechanism: "a", value: 0 }, { mechanism: "b", value: 1 }, { mechanism: "b", value: 1 }, { mechanism: "b", value: 1 }]);
    // estimate 4/5; replicate 1: (2·1)/(2·2) = 0.5; replicate 2: (1 + 3)/(2 + 3) = 0.8
    expect(percentileInterval(d, t)).toEqual({ estimate: 0.8, lower: 0.5, upper: 0.8, defined: 2 });
    // a slice held only by b: undefined in replicate 1
    const only = clusterTotals(d, [{ mechanism: "b", value: 1 }]);
    expect(percentileInterval(d, only)).toEqual({ estimate: 1, lower: 1, upper: 1, defined: 1 });
    expect(percentileInterval(d, clusterTotals(d, []))).toEqual({ estimate: null, lower: null, upper: null, defined: 0 });
  });

  it("the interval brackets the estimate and shrinks toward it as the data agree", () => {
    const ms = Array.from({ length: 18 }, (_, i) => `m${String(i).padStart(2, "0")}`);
    const d = clusterDraws(ms, 10_000);
    const items = ms.flatMap((m, i) => Array.from({ length: 20 }, (_, k) => ({ mechanism: m, value: k < 5 + (i % 10) ? 1 : 0 })));
    const iv = percentileInterval(d, clusterTotals(d, items));
    expect(iv.lower!).toBeLessThan(iv.estimate!);
    expect(iv.upper!).toBeGreaterThan(iv.estimate!);
    expect(iv.defined).toBe(10_000);
    const same = percentileInterval(d, clusterTotals(d, items.map((x) => ({ ...x, value: 1 }))));
    expect(same).toMatchObject({ estimate: 1, lower: 1, upper: 1 });
  });
});

const obs = (stratum: string, cluster: string, y: 0 | 1, ...x: number[]): Observation => ({ stratum, cluster, y, x });

describe("the conditional-logistic regression (A.2)", () => {
  it("the exact conditional likelihood with ties matches subset enumeration by hand", () => {
    // x = 1, 1, 0, 0 with successes at records 1 and 3 (k = 2): numerator e^β; denominator e^{2β} + 4e^β + 1
    const data = [obs("s", "g", 1, 1), obs("s", "g", 0, 1), obs("s", "g", 1, 0), obs("s", "g", 0, 0)];
    for (const b of [-1.3, 0, 0.4, 2]) {
      expect(conditionalLogLikelihood(data, [b])).toBeCloseTo(b - Math.log(Math.exp(2 * b) + 4 * Math.exp(b) + 1), 12);
    }
  });

  it("a hand-solved fit: β̂ = ln 2, CR1 SE = 1.5, all 2^3 sign vectors enumerated", () => {
    // three pairs (x = 1 vs 0), each its own stratum and cluster; the x = 1 record succeeds in two
    const data = [
      obs("s1", "g1", 1, 1), obs("s1", "g1", 0, 0),
      obs("s2", "g2", 0, 1), obs("s2", "g2", 1, 0),
      obs("s3", "g3", 1, 1), obs("s3", "g3", 0, 0),
      obs("s4", "g3", 1, 1), obs("s4", "g3", 1, 0), // no variation: drops out
    ];
    const fit = conditionalLogit(data, ["x"]);
    expect(fit.coefficients[0].estimate).toBeCloseTo(Math.log(2), 10);
    // scores at ln 2: 1/3, -2/3, 1/3; A = 2/3; B = 2/3; V = (3/2)(2/3)(3/2) · 3/2 = 9/4
    expect(fit.coefficients[0].se).toBeCloseTo(1.5, 10);
    // restricted scores 1/2, -1/2, 1/2: every sign vector has |sum| >= 1/2
    expect(fit.coefficients[0].p).toBe(1);
    expect(fit).toMatchObject({ observations: 8, strata: 4, informative: 3, clusters: 3 });
    expect(fit.scoreNorm).toBeLessThan(1e-9);
  });

  it("on matched pairs it equals a plain logistic regression (no intercept) on the within-pair differences", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const data: Observation[] = [];
    const diffs: number[][] = [];
    for (let i = 0; i < 60; i++) {
      const a = [rnd() * 2 - 1, rnd() * 3], b = [rnd() * 2 - 1, rnd() * 3];
      // the success is the first record with probability σ(d·β0), β0 = (1.2, -0.7)
      const d = [a[0] - b[0], a[1] - b[1]];
      const first = rnd() < 1 / (1 + Math.exp(-(1.2 * d[0] - 0.7 * d[1])));
      data.push(obs(`p${i}`, `c${i % 12}`, first ? 1 : 0, ...a), obs(`p${i}`, `c${i % 12}`, first ? 0 : 1, ...b));
      diffs.push(first ? d : d.map((v) => -v));
    }
    // plain logistic regression of y = 1 on the case-minus-control differences, by Newton
    let beta = [0, 0];
    for (let it = 0; it < 50; it++) {
      const g = [0, 0], H = [[0, 0], [0, 0]];
      for (const d of diffs) {
        const pr = 1 / (1 + Math.exp(-(d[0] * beta[0] + d[1] * beta[1])));
        for (let a = 0; a < 2; a++) {
          g[a] += (1 - pr) * d[a];
          for (let b = 0; b < 2; b++) H[a][b] += pr * (1 - pr) * d[a] * d[b];
        }
      }
      const det = H[0][0] * H[1][1] - H[0][1] * H[1][0];
      beta = [beta[0] + (H[1][1] * g[0] - H[0][1] * g[1]) / det, beta[1] + (H[0][0] * g[1] - H[1][0] * g[0]) / det];
    }
    const fit = conditionalLogit(data, ["x1", "x2"]);
    expect(fit.coefficients[0].estimate).toBeCloseTo(beta[0], 8);
    expect(fit.coefficients[1].estimate).toBeCloseTo(beta[1], 8);
    expect(fit.clusters).toBe(12);
    for (const c of fit.coefficients) expect(c.p > 0 && c.p <= 1).toBe(true);
    expect(fit.condition).toBeGreaterThanOrEqual(1);
  });

  it("refuses what it cannot fit, with a reason", () => {
    expect(() => conditionalLogit([obs("s", "g", 1, 1), obs("s", "g", 1, 0)], ["x"])).toThrow(/no stratum has both outcomes/);
    expect(() => conditionalLogit([obs("s", "g", 1, 1), obs("s", "h", 0, 0)], ["x"])).toThrow(/spans several clusters/);
  });
});
