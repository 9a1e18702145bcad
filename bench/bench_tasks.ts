// The small generated benchmark the evaluator and baseline benches share: two mechanisms,
// all six families, two tasks per level.
import { builtinMechanism } from "../catalog/mod.ts";
import { generate, type Generated } from "../engine/tasks/generate.ts";
import { FAMILIES } from "../engine/tasks/families/mod.ts";

export function benchTasks(): Generated {
  return generate({
    mechanisms: ["thermal_three_node_chain", "mechanics_accelerate"].map((id) => builtinMechanism(id)!),
    families: FAMILIES,
    seed: "bench",
    perLevel: 2,
    maxPromptTokens: 80_000,
  });
}
