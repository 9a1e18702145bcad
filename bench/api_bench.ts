// deno bench bench/api_bench.ts (no permission needed: everything happens in memory)
// The library's evaluation path as a script uses it (the public entry, by package name).
// 1. The function-model runner's own cost: evaluate() on an in-memory benchmark of 285
//    generated items (four small mechanisms, k = 4, prompts of 19,600 characters on
//    average) with a model function that answers at once, concurrency 20, no cache. With
//    the model's time at zero, the whole run is the runner's overhead; per item it is the
//    mean divided by 285 (target under 0.5 ms). The same items with their prompts cut to
//    200 characters show how much of it is hashing the prompt for the request key.
// 2. A two-mechanism benchmark made and scored in memory: generateBenchmark (the settings of
//    bench/bench_tasks.ts: thermal_three_node_chain and mechanics_accelerate, all six
//    families, k = 2, seed "bench"), evaluate with the replay baseline, scoreEvaluation;
//    generation alone and evaluation + scoring alone beside it, for the split. The catalog
//    stays loaded between runs, as in a long-lived script.
import { type Benchmark, evaluate, generateBenchmark, type ModelFunction, scoreEvaluation } from "@mechbench/mechbench/mechreasoner";

const benchmark = await generateBenchmark({ mechanisms: ["electrical_resistor", "mechanics_accelerate", "thermal_two_masses", "thermal_three_node_chain"], perLevel: 4 });
const ITEMS = benchmark.tasks.length;
const shortPrompts: Benchmark = { ...benchmark, tasks: benchmark.tasks.map((t) => ({ ...t, prompt: t.prompt.slice(0, 200) })) };
const instant: ModelFunction = () => '{"answer": {}}';

async function runAll(b: Benchmark): Promise<void> {
  const run = await evaluate({ benchmark: b, model: { id: "instant", function: instant }, concurrency: 20 });
  if (run.summary!.sent !== ITEMS) throw new Error(`sent ${run.summary!.sent} of ${ITEMS} items`);
}

Deno.bench({
  name: `evaluate(): ${ITEMS} items, an instant function model, concurrency 20 (÷ ${ITEMS} = the runner's overhead per item)`,
  group: "runner",
  baseline: true,
  n: 20,
  fn: async () => await runAll(benchmark),
});
Deno.bench({
  name: `evaluate(): the same ${ITEMS} items with 200-character prompts`,
  group: "runner",
  n: 20,
  fn: async () => await runAll(shortPrompts),
});

const twoMechanisms = { mechanisms: ["thermal_three_node_chain", "mechanics_accelerate"], perLevel: 2, seed: "bench" };
const generated = await generateBenchmark(twoMechanisms);
async function replayScore(b: Benchmark): Promise<void> {
  const all = scoreEvaluation(await evaluate({ benchmark: b, model: { baseline: "replay" } })).families.at(-1)!;
  if (all.e2e_accuracy !== 1) throw new Error(`replay scored ${all.e2e_accuracy}`);
}
Deno.bench({
  name: "generateBenchmark: two mechanisms, six families, k = 2, in memory",
  group: "in memory",
  baseline: true,
  n: 5,
  fn: async () => void (await generateBenchmark(twoMechanisms)),
});
Deno.bench({
  name: "generateBenchmark + evaluate (replay baseline) + scoreEvaluation: the same, in memory",
  group: "in memory",
  n: 5,
  fn: async () => await replayScore(await generateBenchmark(twoMechanisms)),
});
Deno.bench({
  name: `evaluate (replay baseline) + scoreEvaluation alone: its ${generated.tasks.length} items`,
  group: "in memory",
  n: 20,
  fn: async () => await replayScore(generated),
});
