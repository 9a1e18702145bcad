// deno bench --allow-read --allow-env bench/baseline_bench.ts
// The prompt-text parser answering a generated benchmark's prompts (two mechanisms, all
// six families, two tasks per level), per family. Each iteration answers the family's
// prompts from text in a fresh state: prompts are re-keyed with a per-iteration suffix on
// the model line, so no model read in an earlier iteration is reused.
import { benchTasks } from "./bench_tasks.ts";
import { FAMILIES } from "../engine/tasks/families/mod.ts";
import { answerPrompt } from "../engine/baselines/prompt_parser/mod.ts";

const g = benchTasks();
let round = 0;
for (const f of FAMILIES) {
  const prompts = g.tasks.filter((t) => t.family === f.id).map((t) => t.prompt);
  Deno.bench({
    name: `prompt parser: ${prompts.length} ${f.id} prompts`,
    n: 5,
    fn: () => {
      round++;
      // a different title per round makes each model text new to the parser's cache
      for (const p of prompts) answerPrompt(p.replace(/^(Mechanism \S+)(: [^\n]*)?\.$/m, `$1: round ${round}.`));
    },
  });
}
