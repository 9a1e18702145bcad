// The driver's distinct-answer rule (TaskFamily.distinctAnswers) on a toy family the driver
// has never heard of: a candidate whose gold an admitted task of the same pool already has
// is skipped and counted as repeated_answer in its cell; answers of candidates refused for
// another reason do not count; pools are independent, so a sharded run gives the same pools.
import { describe, expect, it } from "vitest";
import { generatePools } from "./generate.ts";
import { generateToy, mechanism, toyFamily } from "./generate.test_support.ts";
import { CellRecord } from "./records.ts";

/** Candidate i: complexity and answer given per i; the answers kept distinct unless `distinct` is false. */
const toy = (opts: { count: number; complexity: (i: number) => number; answer: (i: number) => number; body?: (i: number) => string; distinct?: boolean }) =>
  toyFamily({ ...opts, id: "transition", distinctAnswers: opts.distinct !== false });
const run = generateToy;

describe("distinct answers within a pool", () => {
  it("a candidate repeating an admitted answer is skipped and counted; the cell stays short rather than repeat", () => {
    // twelve D1 candidates with answers 0, 1, 2, 0, 1, 2, …: three distinct answers
    const g = run(toy({ count: 12, complexity: () => 5, answer: (i) => i % 3 }));
    expect(g.solutions.map((s) => s.answer)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(g.cells[0]).toMatchObject({ level: "D1", admitted: 3, outcome: "partial", rejected: { invalid: 0, repeated_answer: 9, over_token_ceiling: 0 } });
    // the same family without the rule fills the cell with repeats
    const plain = run(toy({ count: 12, complexity: () => 5, answer: (i) => i % 3, distinct: false }));
    expect(plain.cells[0]).toMatchObject({ admitted: 4, outcome: "complete", rejected: { repeated_answer: 0 } });
  });

  it("the rule spans the pool's levels: an answer admitted at D1 is not admitted again at D2", () => {
    // candidates alternate D1 (answer i) and D2 (answer i − 1, the previous D1 answer, or a new one)
    const g = run(toy({ count: 8, complexity: (i) => (i % 2 ? 15 : 5), answer: (i) => (i % 2 ? i - 1 : i) + (i === 7 ? 100 : 0) }));
    expect(g.tasks.map((t) => [t.level, (g.solutions.find((s) => s.task_id === t.task_id)!.answer as { n: number }).n])).toEqual([
      ["D1", 0], ["D1", 2], ["D1", 4], ["D1", 6], ["D2", 106],
    ]);
    expect(g.cells[1]).toMatchObject({ level: "D2", admitted: 1, rejected: { repeated_answer: 3 } });
  });

  it("an answer refused for another reason (over the token ceiling) does not block a later candidate with the same answer", () => {
    const g = run(toy({ count: 2, complexity: () => 5, answer: () => 7, body: (i) => (i === 0 ? "token ".repeat(400) : "short") }), 200);
    expect(g.tasks).toHaveLength(1);
    expect(g.cells[0].rejected).toEqual({ invalid: 0, repeated_answer: 0, over_token_ceiling: 1 });
  });

  it("the rule is per pool: the same answers in two mechanisms' pools are both admitted, and a pool computed alone (a shard's) is the same", () => {
    const family = toy({ count: 6, complexity: () => 5, answer: (i) => i % 2 });
    const opts = { mechanisms: ["thermal_two_masses", "electrical_resistor"].map(mechanism), families: [family], seed: "s", perLevel: 4, maxPromptTokens: 80_000 };
    const all = generatePools(opts).pools;
    expect(all.map((p) => p.admitted.length)).toEqual([2, 2]);
    const alone = generatePools(opts, (m) => m === "electrical_resistor").pools;
    expect(JSON.stringify(alone)).toBe(JSON.stringify([all.find((p) => p.mechanism === "electrical_resistor")]));
  });

  it("the manifest's cell records carry the new count, and older manifests without it load as 0", () => {
    const g = run(toy({ count: 3, complexity: () => 5, answer: () => 1 }));
    for (const c of g.cells) expect(CellRecord.safeParse(c).success).toBe(true);
    // a manifest of a generator before the rule still loads: it turned nothing away for it
    expect(CellRecord.parse({ ...g.cells[0], rejected: { invalid: 0, over_token_ceiling: 0 } }).rejected.repeated_answer).toBe(0);
  });
});
