import { describe, expect, it } from "vitest";
import type { FamilyId } from "../tasks/family.ts";
import { costOf, familyMetrics, failureCounts, metrics, scoreRecords, type ScoredItem, tokenTotals } from "./score.ts";
import { table6Lines, tokenLines } from "./tables.ts";
import type { EvalItem } from "./items.ts";
import type { ItemRecord } from "./run_records.ts";

const item = (outcome: ScoredItem["outcome"], component: number, family: FamilyId = "necessity", reason: string | null = null): ScoredItem => ({
  model: "m", task_id: "task_0000000000000000", family, mechanism: "x", level: "D1", complexity: 1, outcome, component, reason, prompt_chars: 10, answer_chars: 5,
});

describe("the A.3 metrics", () => {
  it("match a hand computation: 4 correct, 2 semantic (m = 0.5, 0.25), 3 protocol, 1 infrastructure", () => {
    const d = [
      ...Array.from({ length: 4 }, () => item("correct", 1)),
      item("semantic", 0.5),
      item("semantic", 0.25),
      ...Array.from({ length: 3 }, () => item("protocol", 0)),
      item("infrastructure", 0, "necessity", "timeout"),
    ];
    const m = metrics(d);
    expect(m).toMatchObject({ n: 10, correct: 4, semantic: 2, protocol: 3, infrastructure: 1 });
    expect(m.coverage).toBeCloseTo(9 / 10);
    expect(m.compliance).toBeCloseTo(6 / 9);
    expect(m.semantic_accuracy).toBeCloseTo(4 / 6);
    expect(m.e2e_accuracy).toBeCloseTo(4 / 10);
    expect(m.partial_e2e).toBeCloseTo(4.75 / 10);
    expect(m.partial_semantic).toBeCloseTo(4.75 / 6);
    expect(failureCounts(d)).toEqual({ timeout: 1 });
  });

  it("a ratio with an empty denominator is null, not 0 or NaN", () => {
    expect(metrics([])).toMatchObject({ n: 0, coverage: null, e2e_accuracy: null, partial_e2e: null });
    const infra = metrics([item("infrastructure", 0, "necessity", "gateway")]);
    expect(infra).toMatchObject({ coverage: 0, compliance: null, semantic_accuracy: null, e2e_accuracy: 0, partial_semantic: null });
  });

  it("families come in Table 1 order, then the pool", () => {
    const rows = familyMetrics([item("correct", 1, "trace_faithfulness"), item("correct", 1, "state_consistency"), item("protocol", 0, "state_consistency")]);
    expect(rows.map((r) => [r.family, r.metrics.n])).toEqual([["state_consistency", 2], ["trace_faithfulness", 1], ["all", 3]]);
  });
});

describe("scoring records against the gold", () => {
  const gold = { unfaithful_step_count: 2 };
  const items: EvalItem[] = [0, 1, 2, 3].map((k) => ({
    task_id: `task_000000000000000${k}`, family: "trace_faithfulness", mechanism: "x", level: "D1", complexity: k, prompt: "p".repeat(k + 1), prompt_tokens: 1, gold, context: {},
  }));
  const base = { family: "trace_faithfulness" as const, mechanism: "x", request_sha256: "a".repeat(64), attempts: [], latency_ms: 1, finished: "2026-12-01T00:00:00.000Z" };
  const records: ItemRecord[] = [
    { ...base, type: "response", task_id: items[0].task_id, content: '{"answer": {"unfaithful_step_count": 2}}', finish_reason: "stop", usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 }, cached: false },
    { ...base, type: "response", task_id: items[1].task_id, content: '{"unfaithful_step_count": "2"}', finish_reason: "stop", usage: { prompt_tokens: 11, completion_tokens: 4, total_tokens: 15 }, cached: true },
    { ...base, type: "failure", task_id: items[2].task_id, class: "context", error: { kind: "fatal", status: 400, message: "too long" } },
  ];
  const latest = new Map(records.map((r) => [r.task_id, r]));

  it("judges responses, classes failures, counts items without a record as missing", () => {
    const run = scoreRecords("m", items, latest);
    expect(run.missing).toBe(1);
    expect(run.items.map((s) => [s.outcome, s.reason])).toEqual([
      ["correct", null],
      ["protocol", expect.stringMatching(/integer/)],
      ["infrastructure", "context"],
    ]);
    expect(run.items[0]).toMatchObject({ prompt_chars: 1, answer_chars: JSON.stringify(gold).length, complexity: 0 });
  });

  it("counts tokens of sent requests only; a cached response costs nothing again", () => {
    const t = tokenTotals(latest);
    expect(t).toEqual({ requests: 1, cached: 1, input: 10, output: 3 });
    expect(costOf({ requests: 1, cached: 0, input: 2_000_000, output: 500_000 }, { input_per_million: 1.25, output_per_million: 10 })).toBeCloseTo(7.5);
    expect(tokenLines([{ model: "m", tokens: t, price: { input_per_million: 1e6, output_per_million: 0 } }]).at(-1)).toBe("| m | 1 | 1 | 10 | 3 | 10.0000 |");
  });

  it("Table 6 puts models in columns, e2e accuracy with protocol failures in parentheses, the pool last", () => {
    const a = familyMetrics([item("correct", 1, "plausibility"), item("protocol", 0, "plausibility")]);
    const b = familyMetrics([item("semantic", 0.5, "plausibility"), item("correct", 1, "necessity")]);
    expect(table6Lines([{ model: "A", rows: a }, { model: "B", rows: b }])).toEqual([
      "| task family | A | B |",
      "|---|---:|---:|",
      "| plausibility | 50.0 (1) | 0.0 (0) |",
      "| necessity | — | 100.0 (0) |",
      "| all | 50.0 (1) | 50.0 (0) |",
    ]);
  });
});
