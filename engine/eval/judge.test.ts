import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { extractAnswer } from "./extract.ts";
import { normalize, normalizeStateConsistency, requestOf } from "./normalize.ts";
import { componentScore, judge } from "./outcome.ts";
import { FAMILY_IDS, type FamilyId } from "../tasks/family.ts";

describe("extraction (A.7, in order)", () => {
  it("the whole response; an object with `answer` yields that field, anything else is the payload itself", () => {
    expect(extractAnswer('{"answer": {"necessity_labels": "NNUU"}}')).toEqual({ ok: true, payload: { necessity_labels: "NNUU" }, via: "whole" });
    expect(extractAnswer(' {"necessity_labels": "NNUU"} \n')).toEqual({ ok: true, payload: { necessity_labels: "NNUU" }, via: "whole" });
    expect(extractAnswer("[1, 2]")).toEqual({ ok: true, payload: [1, 2], via: "whole" });
  });
  it("else the first fenced block holding an object; a malformed one fails at once (no brace fallback)", () => {
    expect(extractAnswer('Here:\n```json\n{"answer": {"plan_statuses": "R"}}\n```\nthanks')).toEqual({ ok: true, payload: { plan_statuses: "R" }, via: "fence" });
    expect(extractAnswer('```json\n{"answer": {"plan_statuses": "R"},}\n```\n{"answer": {"plan_statuses": "U"}}')).toEqual({ ok: false, reason: "the fenced JSON object does not parse" });
    // a fence that holds no object does not match: the braces rule applies
    expect(extractAnswer('```\nnot json\n```\nso {"answer": {"plan_statuses": "D"}} it is')).toEqual({ ok: true, payload: { plan_statuses: "D" }, via: "braces" });
  });
  it("else the text from the first { to the last }", () => {
    expect(extractAnswer('The count is {"unfaithful_step_count": 3}.')).toEqual({ ok: true, payload: { unfaithful_step_count: 3 }, via: "braces" });
    expect(extractAnswer('{"a": 1} and {"b": 2}').ok).toBe(false); // first { to last } is not one object
    expect(extractAnswer("")).toEqual({ ok: false, reason: "empty response" });
    expect(extractAnswer("no object here")).toEqual({ ok: false, reason: "no JSON object in the response" });
  });
});

describe("normalizers (A.7)", () => {
  const gold = { case_results: { C1: { consistent_count: 1, consistent_ids: ["S002"] }, base: { consistent_count: 2, consistent_ids: ["S001", "S002"] } } };
  const req = requestOf("state_consistency", gold);
  it("state consistency: requested cases only; missing or non-object cases are zero; ids stripped, filtered to S[0-9]+, deduplicated, sorted by number", () => {
    expect(normalizeStateConsistency({ case_results: { C9: {}, base: { consistent_ids: [" S010", "S2", "S2", "x", 7, "S001"] } }, extra: 1 }, req)).toEqual({
      ok: true,
      value: { case_results: { C1: { consistent_count: 0, consistent_ids: [] }, base: { consistent_count: 3, consistent_ids: ["S001", "S2", "S010"] } } },
    });
    expect(normalizeStateConsistency({ case_results: { C1: "none", base: { consistent_count: "2", consistent_ids: ["S001", "S002"] } } }, req)).toEqual({
      ok: true,
      value: { case_results: { C1: { consistent_count: 0, consistent_ids: [] }, base: { consistent_count: 2, consistent_ids: ["S001", "S002"] } } },
    });
  });
  it("state consistency: counts as integer, integral number or digit string; malformed, negative or mismatched counts are rejected", () => {
    const one = (c: unknown) => normalizeStateConsistency({ case_results: { C1: { consistent_count: c, consistent_ids: ["S002"] } } }, req);
    expect(one(1).ok && one(1.0).ok && one("1").ok).toBe(true);
    expect([one(-1), one(1.5), one("one"), one(true), one(2), one(" 1")].map((r) => r.ok)).toEqual([false, false, false, false, false, false]);
    expect(normalizeStateConsistency({ answer: 1 }, req)).toEqual({ ok: false, reason: "case_results is missing or not an object" });
  });
  it("label strings: exact width and alphabet, no case folding or trimming", () => {
    const r = { width: 4 };
    expect(normalize("necessity", { necessity_labels: "NUNU", why: "x" }, r)).toEqual({ ok: true, value: { necessity_labels: "NUNU" } });
    for (const bad of ["nunu", "NUN", "NUNU ", " NUNU", "NUNX"]) expect(normalize("necessity", { necessity_labels: bad }, r).ok).toBe(false);
    expect(normalize("plausibility", { plausibility_labels: "PIPI" }, r).ok).toBe(true);
    expect(normalize("functional_recovery", { plan_statuses: "UDRR" }, r).ok).toBe(true);
    expect(normalize("functional_recovery", { plan_statuses: "UDRP" }, r).ok).toBe(false);
  });
  it("transitions: exactly three nonempty string fields, duplicates rejected, sorted", () => {
    const t = (c: string, s: string, d: string) => ({ component: c, source_state: s, target_state: d });
    expect(normalize("transition", { admissible_component_state_transitions: [t("mass2", "A", "B"), t("mass1", "B", "C"), t("mass1", "A", "C")] }, {})).toEqual({
      ok: true,
      value: { admissible_component_state_transitions: [t("mass1", "A", "C"), t("mass1", "B", "C"), t("mass2", "A", "B")] },
    });
    expect(normalize("transition", { admissible_component_state_transitions: [t("a", "b", "c"), t("a", "b", "c")] }, {}).ok).toBe(false);
    expect(normalize("transition", { admissible_component_state_transitions: [{ ...t("a", "b", "c"), why: 1 }] }, {}).ok).toBe(false);
    expect(normalize("transition", { admissible_component_state_transitions: [t("a", "", "c")] }, {}).ok).toBe(false);
  });
  it("trace faithfulness: an integer only (no booleans, strings or fractions)", () => {
    expect(normalize("trace_faithfulness", { unfaithful_step_count: 12 }, {})).toEqual({ ok: true, value: { unfaithful_step_count: 12 } });
    for (const bad of [true, "12", 12.5, null]) expect(normalize("trace_faithfulness", { unfaithful_step_count: bad }, {}).ok).toBe(false);
  });
});

describe("outcome classes and component scores (A.3)", () => {
  it("correct, semantic (accepted but different) and protocol (rejected) outcomes", () => {
    const gold = { necessity_labels: "NNUU" };
    expect(judge("necessity", '{"answer":{"necessity_labels":"NNUU"}}', gold)).toMatchObject({ outcome: "correct", component: 1 });
    expect(judge("necessity", '{"answer":{"necessity_labels":"NUUU"}}', gold)).toMatchObject({ outcome: "semantic", component: 0.75 });
    expect(judge("necessity", '{"answer":{"necessity_labels":"nnuu"}}', gold)).toMatchObject({ outcome: "protocol", component: 0 });
    expect(judge("necessity", "", gold)).toMatchObject({ outcome: "protocol", reason: "empty response" });
  });
  it("state consistency scores every candidate–case decision; transitions set F1; trace counts exact", () => {
    const gold = { case_results: { C1: { consistent_count: 1, consistent_ids: ["S002"] }, base: { consistent_count: 2, consistent_ids: ["S001", "S002"] } } };
    const said = { case_results: { C1: { consistent_count: 0, consistent_ids: [] }, base: { consistent_count: 2, consistent_ids: ["S001", "S002"] } } };
    expect(componentScore("state_consistency", said, gold, { candidates: ["S001", "S002", "S003"] })).toBeCloseTo(5 / 6);
    const t = (c: string) => ({ component: c, source_state: "A", target_state: "B" });
    expect(componentScore("transition", { admissible_component_state_transitions: [t("a"), t("b")] }, { admissible_component_state_transitions: [t("a"), t("c"), t("d")] })).toBeCloseTo(2 / 5);
    expect(componentScore("trace_faithfulness", { unfaithful_step_count: 3 }, { unfaithful_step_count: 4 })).toBe(0);
  });
});

describe("properties: never a throw, always a class", () => {
  const golds: Record<FamilyId, Record<string, unknown>> = {
    state_consistency: { case_results: { C1: { consistent_count: 1, consistent_ids: ["S002"] }, base: { consistent_count: 0, consistent_ids: [] } } },
    plausibility: { plausibility_labels: "PI".repeat(16) },
    necessity: { necessity_labels: "NNUU" },
    transition: { admissible_component_state_transitions: [{ component: "a", source_state: "A", target_state: "B" }] },
    functional_recovery: { plan_statuses: "UDR" },
    trace_faithfulness: { unfaithful_step_count: 7 },
  };
  const classes = new Set(["correct", "semantic", "protocol"]);
  for (const family of FAMILY_IDS) {
    it(`${family}: arbitrary strings and arbitrary JSON (wrapped or not) are classified without throwing`, () => {
      const texts = fc.oneof(
        fc.string({ unit: "grapheme", maxLength: 200 }),
        fc.json().map((j) => j),
        fc.jsonValue().map((v) => JSON.stringify({ answer: v })),
        fc.jsonValue().map((v) => "Sure!\n```json\n" + JSON.stringify({ answer: v }) + "\n```"),
        fc.jsonValue().map((v) => `The answer is ${JSON.stringify({ answer: v })} as requested.`),
      );
      fc.assert(
        fc.property(texts, (text) => {
          const j = judge(family, text, golds[family], { candidates: ["S001", "S002"] });
          expect(classes.has(j.outcome)).toBe(true);
          expect(j.component >= 0 && j.component <= 1).toBe(true);
          expect(j.outcome === "protocol").toBe(j.normalized === null);
        }),
        { numRuns: 10_000, seed: 17 },
      );
    });
  }
  it("every generated gold is judged correct when returned as the model's answer", () => {
    for (const family of FAMILY_IDS) expect(judge(family, JSON.stringify({ answer: golds[family] }), golds[family]).outcome).toBe("correct");
  });
});

describe("the judge on generated golds", () => {
  it("every gold of a generated benchmark, returned as the answer, is correct with component score 1", async () => {
    const { smallBenchmark } = await import("../tasks/generate.test_support.ts");
    const g = smallBenchmark({ ids: ["thermal_three_node_chain"], perLevel: 1 });
    expect(new Set(g.tasks.map((t) => t.family)).size).toBe(6);
    g.tasks.forEach((t, i) => {
      const s = g.solutions[i];
      const rows = ((s.audit as { rows?: { id: string }[] }).rows ?? []).map((r) => r.id);
      expect(judge(t.family, JSON.stringify({ answer: s.answer, rationale: "" }), s.answer, { candidates: rows })).toMatchObject({ outcome: "correct", component: 1 });
    });
  });
});
