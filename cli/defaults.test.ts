// The defaults `mech --help` shows are the library's: cli/defaults.ts writes them again so
// that parsing the arguments loads no engine code, and this test keeps the copies equal.
import { describe, expect, it } from "vitest";
import * as cli from "./defaults.ts";
import * as episodeRules from "../engine/episode/rule_names.ts";
import * as simulateDefaults from "../engine/episode/simulate_defaults.ts";
import * as benchDefaults from "../engine/bench/defaults.ts";
import * as taskDefaults from "../engine/tasks/defaults.ts";
import * as evalDefaults from "../engine/eval/defaults.ts";
import * as llmDefaults from "../engine/llm/defaults.ts";

describe("the CLI's defaults", () => {
  it.each([
    ["RULE_PROFILES", episodeRules.RULE_PROFILES],
    ["DEFAULT_PROFILE", episodeRules.DEFAULT_PROFILE],
    ["DEVIATIONS", episodeRules.DEVIATIONS],
    ["DEFAULT_HORIZON", simulateDefaults.DEFAULT_HORIZON],
    ["DEFAULT_EXPANSION_BUDGET", simulateDefaults.DEFAULT_EXPANSION_BUDGET],
    ["DEFAULT_SOLVE_RUNS", benchDefaults.DEFAULT_SOLVE_RUNS],
    ["DEFAULT_REFERENCE_TIMEOUT_S", benchDefaults.DEFAULT_REFERENCE_TIMEOUT_S],
    ["DEFAULT_SIMULATE_RUNS", benchDefaults.DEFAULT_SIMULATE_RUNS],
    ["DEFAULT_MAX_PROMPT_TOKENS", taskDefaults.DEFAULT_MAX_PROMPT_TOKENS],
    ["DEFAULT_SEED", taskDefaults.DEFAULT_SEED],
    ["DEFAULT_PER_LEVEL", taskDefaults.DEFAULT_PER_LEVEL],
    ["BOOTSTRAP_REPLICATES", evalDefaults.BOOTSTRAP_REPLICATES],
    ["DEFAULT_RATE_LIMIT_ATTEMPTS", evalDefaults.DEFAULT_RATE_LIMIT_ATTEMPTS],
    ["DEFAULT_REQUEST_TIMEOUT_S", llmDefaults.DEFAULT_REQUEST_TIMEOUT_S],
    ["DEFAULT_MAX_OUTPUT_TOKENS", llmDefaults.DEFAULT_MAX_OUTPUT_TOKENS],
    ["DEFAULT_TEMPERATURE", llmDefaults.DEFAULT_TEMPERATURE],
    ["DEFAULT_MAX_RETRIES", llmDefaults.DEFAULT_MAX_RETRIES],
    ["DEFAULT_EPISODE_TIMEOUT_S", llmDefaults.DEFAULT_EPISODE_TIMEOUT_S],
  ] as const)("%s equals the library's", (name, value) => {
    expect(cli[name]).toEqual(value);
  });
});
