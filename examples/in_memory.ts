// Generate a small MechReasoner benchmark in memory, verify it, score a model on it and
// render the report, all without touching the disk: the benchmark, the runs, the scores
// and the HTML page are values. The model is a TypeScript function that answers every
// task with the answer template its prompt ends with (a floor: no reasoning at all),
// beside the majority baseline and the replay of the gold (the ceiling).
//
// Run:         deno run examples/in_memory.ts
// Permissions: none
//   It reads and writes no file and opens no connection, so it needs no permission at all.
import {
  evaluate,
  evaluationReport,
  generateBenchmark,
  type ModelRequest,
  scoreEvaluation,
  verifyBenchmark,
} from "@mechbench/mechbench/mechreasoner";

const benchmark = await generateBenchmark({
  mechanisms: ["electrical_resistor", "mechanics_accelerate"],
  perLevel: 1,
  onProgress: (e) => console.error(`generated ${e.done}/${e.total}: ${e.mechanism} ${e.family} (${e.admitted} admitted)`),
});
const m = benchmark.manifest;
console.log(`benchmark: ${m.retained} tasks on ${m.mechanisms.length} mechanisms, completion ${m.completion_sha256.slice(0, 12)}`);

const check = await verifyBenchmark(benchmark);
console.log(`verified: ${check.tasks} tasks, ${check.golds} golds recomputed, ${check.findings.length} findings`);

// Every prompt ends with the JSON shape of its answer: send that shape back unchanged.
function shapeEcho(req: ModelRequest): string {
  return req.prompt.slice(req.prompt.lastIndexOf('{"answer"')).trim();
}

const runs = [
  await evaluate({ benchmark, model: { id: "shape-echo", function: shapeEcho } }),
  await evaluate({ benchmark, model: { baseline: "majority" } }),
  await evaluate({ benchmark, model: { baseline: "replay" } }),
];

const f3 = (x: number | null) => (x === null ? "  —  " : x.toFixed(3));
console.log("model              compliance  e2e accuracy  partial e2e");
for (const run of runs) {
  const all = scoreEvaluation(run).families.at(-1)!;
  console.log(`${run.config.model.padEnd(18)} ${f3(all.compliance).padStart(10)}  ${f3(all.e2e_accuracy).padStart(12)}  ${f3(all.partial_e2e).padStart(11)}`);
}

const report = await evaluationReport(runs, { replicates: 200 });
console.log(`report: ${report.html.length.toLocaleString("en-US")} characters of HTML, ${report.analysis.slices.length} analysis slices`);
