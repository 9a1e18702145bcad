import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { LEVELS } from "./family.ts";
import { generate } from "./generate.ts";
import { FAMILIES } from "./families/mod.ts";
import { benchmarkFiles, buildManifest } from "./manifest.ts";
import { generateToy, mechanism, SMALL_MECHANISMS, smallBenchmark, toyFamily } from "./generate.test_support.ts";
import { catalogSha256 } from "../../catalog/mod.ts";
import { StateConsistencyAnswer } from "./families/state_consistency.ts";
import { TraceFaithfulnessAnswer } from "./families/trace_faithfulness.ts";
import { TaskRecord } from "./records.ts";

/** The driver's toy family: n ≡ 3 (mod 7) refused by its own rule. */
const toy = (body: (i: number) => string, complexity: (i: number) => number, count = 40) =>
  toyFamily({ count, complexity, body, refuse: (n) => (n % 7 === 3 ? "toy rule: n ≡ 3 (mod 7) is refused" : null) });
const run = generateToy;

describe("the driver (Algorithm 1)", () => {
  it("fills each level up to k, never pads a short level from another, and records why candidates were turned away", () => {
    // complexities 1..40 in order: ten per band; refused every 7th from 3
    const g = run(toy((i) => `body ${i}`, (i) => i + 1));
    expect(g.cells.map((c) => [c.level, c.admitted, c.outcome])).toEqual(LEVELS.map((l) => [l, 4, "complete"]));
    const only = run(toy((i) => `body ${i}`, () => 5));
    expect(only.cells.map((c) => c.admitted)).toEqual([4, 0, 0, 0]);
    expect(only.pools[0].outcome).toBe("partial");
    expect(only.tasks.every((t) => t.level === "D1")).toBe(true);
    expect(only.cells[0].rejected.invalid).toBe(1); // n = 3 came before the cell filled
  });

  it("removes duplicate prompts after the cells are filled (same normalized body: same task id)", () => {
    const g = run(toy((i) => (i % 2 ? "same   body" : "same body"), (i) => i + 1));
    expect(g.generated).toBe(16);
    expect(g.tasks).toHaveLength(1);
    expect(g.duplicatesRemoved).toBe(15);
    expect(g.pools[0]).toMatchObject({ generated: 16, retained: 1, outcome: "complete" });
  });

  it("admits no prompt over the token ceiling and counts the refusals", () => {
    const long = run(toy((i) => `token `.repeat(i % 2 ? 50 : 500) + i, (i) => i + 1), 200);
    expect(long.tasks.every((t) => t.prompt_tokens <= 200)).toBe(true);
    expect(long.cells.reduce((n, c) => n + c.rejected.over_token_ceiling, 0)).toBeGreaterThan(0);
  });

  it("the real families under a low ceiling: nothing over it, and the refusals are recorded", () => {
    const g = smallBenchmark({ maxPromptTokens: 4000 });
    expect(g.tasks.length).toBeGreaterThan(0);
    expect(g.tasks.every((t) => t.prompt_tokens <= 4000)).toBe(true);
    expect(g.cells.some((c) => c.rejected.over_token_ceiling > 0)).toBe(true);
  });
});

describe("generated files", () => {
  const g = smallBenchmark();

  it("two runs give byte-identical files and manifests", () => {
    const again = generate({ mechanisms: SMALL_MECHANISMS.map(mechanism), families: FAMILIES, seed: "test-seed", perLevel: 4, maxPromptTokens: 80_000 });
    const a = benchmarkFiles(g), b = benchmarkFiles(again);
    expect(b).toEqual(a);
    expect(JSON.stringify(buildManifest(again, b, catalogSha256(), FAMILIES))).toBe(JSON.stringify(buildManifest(g, a, catalogSha256(), FAMILIES)));
  });

  it("match the golden hashes, under Node and under Deno alike", () => {
    const files = benchmarkFiles(g);
    const m = buildManifest(g, files, catalogSha256(), FAMILIES);
    const golden = JSON.parse(readFileSync(new URL("./golden/small_benchmark.json", import.meta.url), "utf8"));
    expect({ files: m.files, completion_sha256: m.completion_sha256, retained: m.retained }).toEqual(golden);
  });

  it("another seed gives other tasks", () => {
    const other = smallBenchmark({ seed: "another-seed" });
    expect(other.tasks.map((t) => t.task_id)).not.toEqual(g.tasks.map((t) => t.task_id));
  });

  it("each record has the paper's fields; the gold and the audit are only in solutions", () => {
    for (const t of g.tasks) {
      expect(Object.keys(TaskRecord.parse(t))).toEqual(["task_id", "family", "mechanism", "level", "complexity", "prompt_tokens", "prompt"]);
      expect(t.prompt.startsWith(`Task family: ${t.family.replace("_", " ")}\nMechanism id: ${t.mechanism}\nTask id: ${t.task_id}\n`)).toBe(true);
    }
    expect(g.solutions.map((s) => s.task_id)).toEqual(g.tasks.map((t) => t.task_id));
  });

  it("every gold has the paper's output shape, and the family's own schema accepts it", () => {
    const keys: Record<string, string[]> = {
      state_consistency: ["case_results"],
      plausibility: ["plausibility_labels"],
      necessity: ["necessity_labels"],
      transition: ["admissible_component_state_transitions"],
      functional_recovery: ["plan_statuses"],
      trace_faithfulness: ["unfaithful_step_count"],
    };
    expect(new Set(g.tasks.map((t) => t.family))).toEqual(new Set(Object.keys(keys)));
    g.tasks.forEach((t, i) => {
      const a = g.solutions[i].answer;
      expect(Object.keys(a)).toEqual(keys[t.family]);
      expect(FAMILIES.find((f) => f.id === t.family)!.answer.safeParse(a).success).toBe(true);
      if (t.family === "state_consistency") {
        const r = StateConsistencyAnswer.parse(a);
        expect(Object.keys(r.case_results).at(-1)).toBe("base");
        for (const c of Object.values(r.case_results)) expect(Object.keys(c)).toEqual(["consistent_count", "consistent_ids"]);
      }
      if (t.family === "trace_faithfulness") TraceFaithfulnessAnswer.parse(a);
      if (t.family === "transition") {
        for (const x of (a as { admissible_component_state_transitions: object[] }).admissible_component_state_transitions) expect(Object.keys(x)).toEqual(["component", "source_state", "target_state"]);
      }
    });
  });

  it("the manifest's Table 3 and Table 11 counts agree with the tasks", () => {
    const m = buildManifest(g, benchmarkFiles(g), catalogSha256(), FAMILIES);
    expect(m.families.reduce((n, f) => n + f.items, 0)).toBe(g.tasks.length);
    expect(m.mechanisms.reduce((n, x) => n + x.retained, 0)).toBe(g.tasks.length);
    expect(m.cells).toHaveLength(SMALL_MECHANISMS.length * FAMILIES.length * 4);
    expect(m.pools.every((p) => p.retained === g.tasks.filter((t) => t.family === p.family && t.mechanism === p.mechanism).length)).toBe(true);
  });
});
