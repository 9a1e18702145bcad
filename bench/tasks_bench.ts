// deno bench --allow-read --allow-env bench/tasks_bench.ts
// Generating the MechReasoner tasks over the whole catalog with the default settings
// (seed, k = 4, 80,000-token ceiling), cold: mechanisms are loaded inside each run, so
// no solve or local support is memoized across runs. The token-counting case counts
// the o200k_base tokens of every prompt one generation admits, for its share.
import { builtinMechanism, builtinMechanismIds } from "../catalog/mod.ts";
import { DEFAULT_PER_LEVEL, DEFAULT_SEED, generate } from "../engine/tasks/generate.ts";
import { FAMILIES } from "../engine/tasks/families/mod.ts";
import { countTokens, DEFAULT_MAX_PROMPT_TOKENS } from "../engine/tasks/tokens.ts";
import type { TaskFamily } from "../engine/tasks/family.ts";

const run = (families: readonly TaskFamily[]) =>
  generate({
    mechanisms: builtinMechanismIds().map((id) => builtinMechanism(id)!),
    families,
    seed: DEFAULT_SEED,
    perLevel: DEFAULT_PER_LEVEL,
    maxPromptTokens: DEFAULT_MAX_PROMPT_TOKENS,
  });

const prompts = run(FAMILIES).tasks.map((t) => t.prompt);

Deno.bench({ name: "generate: state consistency + trace faithfulness, 18 mechanisms", group: "generate", baseline: true, n: 3, warmup: 1, fn: () => void run(FAMILIES) });
for (const f of FAMILIES) {
  Deno.bench({ name: `generate: ${f.id} only, 18 mechanisms`, group: "generate", n: 3, warmup: 1, fn: () => void run([f]) });
}
Deno.bench({
  name: `count o200k_base tokens of the ${prompts.length} admitted prompts`,
  group: "generate",
  n: 5,
  warmup: 1,
  fn: () => void prompts.reduce((n, p) => n + countTokens(p), 0),
});
