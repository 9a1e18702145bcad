// deno bench --allow-read --allow-env bench/tasks_bench.ts
// Generating the MechReasoner benchmark over the whole catalog with the default settings
// (seed, k = 4, 80,000-token ceiling), cold: mechanisms are loaded inside each run, so
// no solve, session or graph is memoized across runs. The token-counting case counts the
// o200k_base tokens of every prompt one generation admits, for its share.
import { builtinMechanism, builtinMechanismIds } from "../catalog/mod.ts";
import { DEFAULT_PER_LEVEL, DEFAULT_SEED } from "../engine/tasks/defaults.ts";
import { generate } from "../engine/tasks/generate.ts";
import { FAMILIES } from "../engine/tasks/families/mod.ts";
import { countTokens } from "../engine/tasks/tokens.ts";
import { DEFAULT_MAX_PROMPT_TOKENS } from "../engine/tasks/defaults.ts";
import type { TaskFamily } from "../engine/tasks/family.ts";

const run = (families: readonly TaskFamily[]) =>
  generate({
    mechanisms: builtinMechanismIds().map((id) => builtinMechanism(id)!),
    families,
    seed: DEFAULT_SEED,
    perLevel: DEFAULT_PER_LEVEL,
    maxPromptTokens: DEFAULT_MAX_PROMPT_TOKENS,
  });

const intrastate = FAMILIES.filter((f) => f.id === "state_consistency" || f.id === "trace_faithfulness");
const episodic = FAMILIES.filter((f) => !intrastate.includes(f));
let prompts: string[] = [];

Deno.bench({
  name: "generate: all six families, 18 mechanisms",
  group: "generate",
  baseline: true,
  n: 2,
  warmup: 0,
  fn: () => void (prompts = run(FAMILIES).tasks.map((t) => t.prompt)),
});
Deno.bench({ name: "generate: state consistency + trace faithfulness", group: "generate", n: 2, warmup: 0, fn: () => void run(intrastate) });
Deno.bench({ name: "generate: plausibility + necessity + transitions + functional recovery", group: "generate", n: 2, warmup: 0, fn: () => void run(episodic) });
Deno.bench({
  name: "count o200k_base tokens of every admitted prompt once",
  group: "generate",
  n: 3,
  warmup: 0,
  fn: () => {
    if (!prompts.length) prompts = run(FAMILIES).tasks.map((t) => t.prompt);
    return void prompts.reduce((n, p) => n + countTokens(p), 0);
  },
});
