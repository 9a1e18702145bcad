// Repeated inference: pass@k against subset enumeration, the majority vote and agreement
// against their definitions, the two-level bootstrap against a hand-computed distribution
// and against the one-level bootstrap at one sample per item.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { agreementRate, majorityVoteCorrect, passAtK, sampleScores } from "./samples.ts";
import { clusterDraws, clusterTotals, intervalOf, percentileInterval, replicateValues, twoLevelReplicates } from "./bootstrap.ts";
import { analyze } from "./analysis.ts";
import type { ScoredItem } from "./score.ts";
import type { EvalItem } from "./join.ts";
import { sha256Text } from "../files/sha256.ts";

const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k);

/** Every k-subset of 0 … n−1. */
function subsets(n: number, k: number): number[][] {
  if (k === 0) return [[]];
  if (n < k) return [];
  return [...subsets(n - 1, k), ...subsets(n - 1, k - 1).map((s) => [...s, n - 1])];
}

describe("pass@k", () => {
  it("equals the share of k-subsets of the samples that hold a correct one (enumerated)", () => {
    fc.assert(fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }), fc.integer({ min: 1, max: 9 }), (outcomes, kRaw) => {
      const n = outcomes.length, k = 1 + ((kRaw - 1) % n), c = outcomes.filter(Boolean).length;
      const all = subsets(n, k);
      const hit = all.filter((s) => s.some((i) => outcomes[i])).length;
      expect(passAtK(n, c, k)).toBeCloseTo(hit / all.length, 12);
    }), { numRuns: 500 });
  });

  it("pass@1 is the share correct, pass@n is whether any is; bad counts are refused", () => {
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4, 15);
    expect(passAtK(5, 1, 5)).toBe(1);
    expect(passAtK(5, 0, 5)).toBe(0);
    expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
    expect(() => passAtK(3, 1, 4)).toThrow(RangeError);
    expect(() => passAtK(3, 1, 0)).toThrow(RangeError);
  });
});

const rec = (vote: string | null, correct = false) => ({ outcome: vote === null ? "protocol" as const : correct ? "correct" as const : "semantic" as const, vote });

describe("majority vote and agreement", () => {
  it("hand cases: a unique plurality wins, ties and no votes are wrong, failures cast no vote", () => {
    expect(majorityVoteCorrect([rec("A", true), rec("A", true), rec("B")])).toBe(true);
    expect(majorityVoteCorrect([rec("A", true), rec("B"), rec("B")])).toBe(false);
    expect(majorityVoteCorrect([rec("A", true), rec("B"), rec("C")])).toBe(false); // three-way tie
    expect(majorityVoteCorrect([rec("A", true), rec("A", true), rec("B"), rec("B")])).toBe(false); // two-way tie
    expect(majorityVoteCorrect([rec("A", true), rec("B"), rec("C"), rec(null), rec(null)])).toBe(false); // 1–1–1 among the votes
    expect(majorityVoteCorrect([rec("A", true), rec(null), rec(null)])).toBe(true);
    expect(majorityVoteCorrect([rec(null), rec(null)])).toBe(false);
    expect(majorityVoteCorrect([{ outcome: "infrastructure", vote: null }])).toBe(false);
  });

  it("property: the vote and agreement match their definitions counted by brute force", () => {
    const answer = fc.constantFrom("A", "B", "C", null);
    fc.assert(fc.property(fc.array(answer, { minLength: 1, maxLength: 7 }), (answers) => {
      const records = answers.map((a) => rec(a, a === "A"));
      const counts = ["A", "B", "C"].map((a) => answers.filter((x) => x === a).length);
      const top = Math.max(...counts);
      expect(majorityVoteCorrect(records)).toBe(top > 0 && counts[0] === top && counts.filter((c) => c === top).length === 1);
      let same = 0, pairs = 0;
      for (let i = 0; i < answers.length; i++) for (let j = i + 1; j < answers.length; j++) pairs++, same += answers[i] === answers[j] ? 1 : 0;
      const a = agreementRate(records);
      if (answers.length < 2) expect(a).toBeNull();
      else expect(a).toBeCloseTo(same / pairs, 12);
    }), { numRuns: 500 });
  });

  it("sampleScores: the per-item means of a hand-made slice", () => {
    const r = (task_id: string, vote: string | null, correct = false) => ({ task_id, ...rec(vote, correct) });
    // t1: 2 of 3 right; t2: none right, all the same wrong answer; t3: 1 of 3, tie A–B–none
    const s = sampleScores([r("t1", "A", true), r("t1", "A", true), r("t1", "B"), r("t2", "B"), r("t2", "B"), r("t2", "B"), r("t3", "A", true), r("t3", "B"), r("t3", null)], 3);
    expect(s.items).toBe(3);
    expect(s.mean).toBeCloseTo((2 / 3 + 0 + 1 / 3) / 3, 12);
    expect(s.majority).toBeCloseTo(1 / 3, 12); // t1 only; t3's A–B is a tie
    expect(s.pass_at[0]).toBeCloseTo((2 / 3 + 0 + 1 / 3) / 3, 12);
    expect(s.pass_at[1]).toBeCloseTo((1 + 0 + 2 / 3) / 3, 12);
    expect(s.pass_at[2]).toBeCloseTo((1 + 0 + 1) / 3, 12);
    expect(s.agreement).toBeCloseTo((1 / 3 + 1 + 0) / 3, 12);
  });
});

describe("the two-level bootstrap", () => {
  it("a hand-computed case: two mechanisms, one item each, samples [1, 1] and [1, 0]", () => {
    // mechanism draws (a,a) 1/4, (a,b) 1/2, (b,b) 1/4; an inner draw of [1, 0] gives 0, ½, 1 with 1/4, 1/2, 1/4.
    // Two-level values: 0 → 1/64, ¼ → 4/64, ½ → 14/64, ¾ → 20/64, 1 → 25/64 (docs/evaluation.md works it out).
    const R = 64_000;
    const draws = clusterDraws(["a", "b"], R, "hand");
    const [two] = twoLevelReplicates(draws, [{ mechanism: "a", slices: [0], correct: [1, 1] }, { mechanism: "b", slices: [0], correct: [1, 0] }], 1, "hand/inner");
    const expected = new Map([[0, 1], [0.25, 4], [0.5, 14], [0.75, 20], [1, 25]]);
    const seen = new Map<number, number>();
    for (const v of two) seen.set(v, (seen.get(v) ?? 0) + 1);
    expect([...seen.keys()].sort()).toEqual([...expected.keys()]);
    for (const [x, k] of expected) {
      const p = k / 64, se = Math.sqrt((p * (1 - p)) / R);
      expect(Math.abs(seen.get(x)! / R - p), `P(${x})`).toBeLessThan(4 * se);
    }
    // the 2.5 % point falls in ¼ (P(0) = 1.6 %, P(≤ ¼) = 7.8 %); the one-level one in ½ (no inner variance)
    expect(intervalOf(0.75, two)).toMatchObject({ lower: 0.25, upper: 1, defined: R });
    const one = percentileInterval(draws, clusterTotals(draws, [{ mechanism: "a", value: 1 }, { mechanism: "b", value: 0.5 }]));
    expect(one).toMatchObject({ estimate: 0.75, lower: 0.5, upper: 1 });
  });

  it("property: with one sample per item every replicate equals the one-level bootstrap's", () => {
    const item = fc.record({ mechanism: fc.constantFrom("a", "b", "c", "d"), value: fc.constantFrom(0 as const, 1 as const), slice: fc.integer({ min: 0, max: 2 }) });
    fc.assert(fc.property(fc.array(item, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 1000 }), (items, seed) => {
      const draws = clusterDraws(["a", "b", "c", "d"], 200, `p${seed}`);
      const two = twoLevelReplicates(draws, items.map((x) => ({ mechanism: x.mechanism, slices: [x.slice, 3], correct: [x.value] })), 4, "inner");
      for (let s = 0; s < 4; s++) {
        const inSlice = items.filter((x) => s === 3 || x.slice === s);
        expect(two[s]).toEqual(replicateValues(draws, clusterTotals(draws, inSlice)));
      }
    }), { numRuns: 100 });
  });

  it("drawing a cell's summed count from its exact distribution is drawing every item's samples: the replicate distribution of three varying items in one cell", () => {
    // items right 1 of 2, 1 of 2 and 2 of 3 times, one mechanism (drawn once every replicate):
    // the value is (B(2,½)/2 + B(2,½)/2 + B(3,⅔)/3) / 3; its exact distribution by enumeration
    const exact = new Map<number, number>();
    const b = (k: number, p: number) => Array.from({ length: k + 1 }, (_, j) => [j / k, choose(k, j) * p ** j * (1 - p) ** (k - j)] as const);
    for (const [x, px] of b(2, 0.5)) for (const [y, py] of b(2, 0.5)) for (const [z, pz] of b(3, 2 / 3)) {
      const v = Math.round(((x + y + z) / 3) * 1e9) / 1e9;
      exact.set(v, (exact.get(v) ?? 0) + px * py * pz);
    }
    const R = 50_000;
    const [v] = twoLevelReplicates(clusterDraws(["m"], R, "cell"), [{ mechanism: "m", slices: [0], correct: [1, 0] }, { mechanism: "m", slices: [0], correct: [0, 1] }, { mechanism: "m", slices: [0], correct: [1, 1, 0] }], 1, "cell/inner");
    const seen = new Map<number, number>();
    for (const x of v) {
      const key = Math.round(x * 1e9) / 1e9;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect([...seen.keys()].every((x) => exact.has(x))).toBe(true);
    for (const [x, p] of exact) expect(Math.abs((seen.get(x) ?? 0) / R - p), `P(${x})`).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / R) + 1e-9);
  });

  it("refuses an unknown mechanism, an item without samples and a slice out of range", () => {
    const draws = clusterDraws(["a"], 10);
    expect(() => twoLevelReplicates(draws, [{ mechanism: "z", slices: [0], correct: [1] }], 1, "k")).toThrow(/not among/);
    expect(() => twoLevelReplicates(draws, [{ mechanism: "a", slices: [0], correct: [] }], 1, "k")).toThrow(/no samples/);
    expect(() => twoLevelReplicates(draws, [{ mechanism: "a", slices: [0], correct: [0.5 as 1] }], 1, "k")).toThrow(/other than 0 and 1/);
    expect(() => twoLevelReplicates(draws, [{ mechanism: "a", slices: [2], correct: [1] }], 1, "k")).toThrow(/out of range/);
  });
});

describe("the analysis of runs of several samples", () => {
  const items: EvalItem[] = ["a", "b", "c", "d"].flatMap((m, g) =>
    [0, 1, 2].map((k) => ({ task_id: `task_${(g * 3 + k).toString(16).padStart(16, "0")}`, family: "necessity" as const, mechanism: `mech_${m}`, level: "D1" as const, complexity: k + 1, prompt: "p".repeat(10 + k), prompt_tokens: 5, gold: { necessity_labels: "UN" }, context: {} })));
  const scored = (model: string, correct: (i: number, s: number) => boolean, samples: number): ScoredItem[] =>
    items.flatMap((it, i) => Array.from({ length: samples }, (_, s) => ({
      model, task_id: it.task_id, family: it.family, mechanism: it.mechanism, level: it.level, complexity: it.complexity,
      outcome: correct(i, s) ? "correct" as const : "semantic" as const, component: correct(i, s) ? 1 : 0.5, reason: null, prompt_chars: 10, answer_chars: 5,
      ...(samples > 1 ? { sample: s, vote: correct(i, s) ? "right" : "wrong" } : {}),
    })));

  it("one sample per item: two-level and one-level paired differences agree exactly, and no slice has sample scores", () => {
    const a = analyze({ all: items, runs: [{ model: "x", items: scored("x", (i) => i % 2 === 0, 1) }, { model: "y", items: scored("y", (i) => i % 3 === 0, 1) }], replicates: 500, regression: false });
    expect(a.samples).toBe(1);
    expect(a.slices.every((s) => s.samples === undefined)).toBe(true);
    expect(a.differences).toHaveLength(1);
    expect(a.differences[0].twoLevel).toEqual(a.differences[0].oneLevel);
    expect(a.differences[0].oneLevel.estimate).toBeCloseTo(6 / 12 - 4 / 12, 12);
  });

  it("samples that always agree: the two-level interval is the one-level interval; disagreeing ones widen it", () => {
    const same = analyze({ all: items, runs: [{ model: "x", items: scored("x", (i) => i % 2 === 0, 3) }], replicates: 500, regression: false, baseline: false });
    const all = same.slices.find((s) => s.family === "all")!;
    expect(all.samples!.accuracy).toEqual(all.accuracy);
    expect(all.samples!.scores).toMatchObject({ samples: 3, items: 12, mean: 0.5, majority: 0.5, agreement: 1 });
    const noisy = analyze({ all: items, runs: [{ model: "x", items: scored("x", (i, s) => (i + s) % 2 === 0, 3) }], replicates: 2000, regression: false, baseline: false });
    const n = noisy.slices.find((s) => s.family === "all")!;
    const width = (iv: { lower: number | null; upper: number | null }) => iv.upper! - iv.lower!;
    expect(n.accuracy.estimate).toBeCloseTo(0.5, 12); // each item right in 1 or 2 of its 3 samples, half each
    expect(width(n.samples!.accuracy)).toBeGreaterThan(width(n.accuracy));
    expect(n.metrics.n).toBe(36); // Table 5's counts are over every sample's record
  });

  it("determinism: the analysis of a run of three samples is byte-identical everywhere (a recorded hash, checked under Node and Deno)", () => {
    const noisy = (m: number) => (i: number, s: number) => (i * 7 + s * 3 + m) % 5 < 2 + m;
    const a = analyze({ all: items, runs: [0, 1].map((m) => ({ model: `m${m}`, items: scored(`m${m}`, noisy(m), 3) })), replicates: 1_000, regression: false });
    const text = JSON.stringify({ slices: a.slices.map((s) => [s.model, s.family, s.bin, s.accuracy, s.samples ?? null]), differences: a.differences });
    expect(sha256Text(text).length).toBe(32);
    expect([...sha256Text(text)].map((b) => b.toString(16).padStart(2, "0")).join("")).toBe("18dcde2ec191badb9caa6de428afe8f1ea9cbafdeb6fb18f438b3b60215addba");
  });
});
