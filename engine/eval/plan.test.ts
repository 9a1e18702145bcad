import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTaskSet } from "../tasks/store.ts";
import { StoreError } from "../files/errors.ts";
import { SYSTEM_MESSAGE } from "../tasks/envelope.ts";
import { BaselineClient } from "./baseline_client.ts";
import { SelectionError } from "./items.ts";
import { baselineOf, itemsOfRun, planRun } from "./plan.ts";
import type { RunSettings } from "./run_records.ts";
import { writeSmallBenchmark } from "./eval.test_support.ts";

const PAPER: RunSettings = { max_output_tokens: 20_000, temperature: 0, reasoning_effort: "low", json_object: false };
const clock = () => new Date("2026-12-01T00:00:00Z");

describe("planning a run", () => {
  const { dir } = writeSmallBenchmark();
  const set = readTaskSet(dir);
  const all = { families: null, mechanisms: null, limit: null };

  it("sends the paper's settings through the model's profile (Table 10)", () => {
    const gpt = planRun({ set, selection: all, model: "gpt-5.5", baseUrl: null, apiKeyEnv: "OPENAI_API_KEY", settings: PAPER, clock });
    expect(gpt.config.request).toEqual({ max_completion_tokens: 20_000, reasoning_effort: "low" });
    expect(gpt.config.endpoint).toBe("https://api.openai.com/v1");
    expect(gpt.config.system_message).toBe(SYSTEM_MESSAGE);
    const llama = planRun({ set, selection: all, model: "Llama-3.3-70B-Instruct", baseUrl: "http://h:8000/v1/", apiKeyEnv: "K", settings: { ...PAPER, json_object: true }, clock });
    expect(llama.config.request).toEqual({ max_tokens: 8192, temperature: 0, response_format: { type: "json_object" } });
    expect(llama.config.endpoint).toBe("http://h:8000/v1");
    const unknown = planRun({ set, selection: all, model: "my-local-model", baseUrl: "http://h/v1", apiKeyEnv: "K", settings: PAPER, clock });
    expect(unknown.config.request).toEqual({ max_tokens: 20_000, temperature: 0 });
  });

  it("selects by family, mechanism and limit in benchmark order; a family or mechanism the benchmark lacks is an error", () => {
    const p = planRun({ set, selection: { families: ["necessity", "trace_faithfulness"], mechanisms: ["electrical_resistor"], limit: 3 }, model: "m", baseUrl: null, apiKeyEnv: null, settings: PAPER, clock });
    const expected = set.tasks.filter((t) => ["necessity", "trace_faithfulness"].includes(t.family) && t.mechanism === "electrical_resistor").slice(0, 3).map((t) => t.task_id);
    expect(p.items.map((i) => i.task_id)).toEqual(expected);
    expect(p.all).toHaveLength(set.tasks.length);
    expect(p.config.items).toBe(3);
    expect(() => planRun({ set, selection: { ...all, mechanisms: ["mechanics_damper"] }, model: "m", baseUrl: null, apiKeyEnv: null, settings: PAPER })).toThrow(SelectionError);
  });

  it("baselines run in process: no endpoint, no controls; unknown baselines are named", () => {
    const p = planRun({ set, selection: all, model: "baseline:majority", baseUrl: null, apiKeyEnv: "K", settings: PAPER, clock });
    expect(p.config).toMatchObject({ endpoint: "baseline:majority", request: {}, api_key_env: null });
    expect(baselineOf("gpt-4.1")).toBeNull();
    expect(() => baselineOf("baseline:oracle")).toThrow(/unknown baseline "oracle"/);
  });

  it("a baseline client answers only the benchmark's own prompts", async () => {
    const p = planRun({ set, selection: all, model: "baseline:replay", baseUrl: null, apiKeyEnv: null, settings: PAPER });
    const client = new BaselineClient("replay", p.all);
    const r = await client.chat([{ role: "system", content: SYSTEM_MESSAGE }, { role: "user", content: p.all[0].prompt }]);
    expect(JSON.parse(r.content!)).toEqual({ answer: p.all[0].gold });
    await expect(client.chat([{ role: "user", content: "what is 2 + 2?" }])).rejects.toThrow(/not a prompt of this benchmark/);
  });

  it("a recorded run is scored only against the benchmark it used", () => {
    const p = planRun({ set, selection: all, model: "m", baseUrl: null, apiKeyEnv: null, settings: PAPER });
    expect(itemsOfRun(set, p.config).items).toHaveLength(set.tasks.length);
    const other = { ...p.config, tasks: { ...p.config.tasks, completion_sha256: "f".repeat(64) } };
    expect(() => itemsOfRun(set, other)).toThrow(/not the benchmark this run used/);
  });

  it("tasks or solutions changed after generation are refused (their hash is not the manifest's)", () => {
    const copy = writeSmallBenchmark().dir;
    appendFileSync(join(copy, "solutions.jsonl"), "\n");
    expect(() => readTaskSet(copy)).toThrow(StoreError);
    expect(() => readTaskSet(copy)).toThrow(/solutions\.jsonl: its SHA-256 is not the manifest's/);
  });
});
