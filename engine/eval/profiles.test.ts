import { describe, expect, it } from "vitest";
import { PAPER_SETTINGS, profileOf, requestControls } from "./profiles.ts";

describe("evaluator profiles (Table 10)", () => {
  it("the effective output limit is the smaller of 20,000 and the profile's", () => {
    expect(requestControls("Llama-3.3-70B-Instruct", PAPER_SETTINGS)).toEqual({ max_tokens: 8192, temperature: 0 });
    expect(requestControls("qwen/qwen3-30b-a3b", PAPER_SETTINGS)).toEqual({ max_tokens: 16384, temperature: 0, reasoning_effort: "low" });
    expect(requestControls("gpt-4.1", PAPER_SETTINGS)).toEqual({ max_completion_tokens: 20000, temperature: 0 });
  });
  it("low reasoning effort only where the profile takes it; temperature 0 only where supported", () => {
    expect(requestControls("gpt-5.5", PAPER_SETTINGS)).toEqual({ max_completion_tokens: 20000, reasoning_effort: "low" });
    expect(requestControls("o3", PAPER_SETTINGS)).toEqual({ max_completion_tokens: 20000, reasoning_effort: "low" });
    expect(requestControls("openai/gpt-oss-20b", PAPER_SETTINGS)).toEqual({ max_tokens: 20000, temperature: 0, reasoning_effort: "low" });
    expect(requestControls("DeepSeek-R1", PAPER_SETTINGS)).toEqual({ max_tokens: 20000, temperature: 0 });
  });
  it("generic JSON-object mode only when asked and supported; unknown models get the safe default", () => {
    expect(requestControls("gpt-4.1", { ...PAPER_SETTINGS, jsonObject: true })).toMatchObject({ response_format: { type: "json_object" } });
    expect(requestControls("DeepSeek-R1", { ...PAPER_SETTINGS, jsonObject: true })).not.toHaveProperty("response_format");
    expect(profileOf("my-local-model").known).toBe(false);
    expect(requestControls("my-local-model", PAPER_SETTINGS)).toEqual({ max_tokens: 20000, temperature: 0 });
  });
});
