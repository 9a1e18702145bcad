// deno bench --allow-read --allow-env bench/jobs_bench.ts
// The four commands that spread their work over Web Workers, each at --jobs 1 and 2 in one
// run (the ratio within a group is the speed-up on this machine): the whole default
// benchmark generated, verified and answered by the parser, and the catalog's numerical
// and paths checks. Each case is cold (workers load the catalog and the kernels afresh);
// the benchmark the later cases read is generated once, in memory, before them.
import { answerWithPromptParser, generateBenchmark, verifyBenchmark } from "../engine/api/mechreasoner.ts";
import { mechanismSources, numericCheck, soundnessCheck } from "../engine/api/solver.ts";
import { builtinMechanismIds } from "../catalog/mod.ts";

const benchmark = await generateBenchmark({ jobs: 2 });
const sources = mechanismSources(builtinMechanismIds(), Deno.readTextFileSync);

for (const jobs of [1, 2]) {
  const baseline = jobs === 1;
  Deno.bench({ name: `generate, default benchmark, --jobs ${jobs}`, group: "generate", baseline, n: 1, warmup: 0, fn: async () => void await generateBenchmark({ jobs }) });
  Deno.bench({ name: `tasks verify, default benchmark, --jobs ${jobs}`, group: "verify", baseline, n: 1, warmup: 0, fn: async () => void await verifyBenchmark(benchmark, { jobs }) });
  Deno.bench({ name: `baseline answer, default benchmark, --jobs ${jobs}`, group: "answer", baseline, n: 1, warmup: 0, fn: async () => void await answerWithPromptParser(benchmark, { jobs }) });
  Deno.bench({ name: `catalog check --numeric, 18 mechanisms, --jobs ${jobs}`, group: "numeric", baseline, n: 2, warmup: 0, fn: async () => void await numericCheck(sources, { jobs }) });
  Deno.bench({ name: `catalog check --paths, 18 mechanisms, --jobs ${jobs}`, group: "paths", baseline, n: 1, warmup: 0, fn: async () => void await soundnessCheck(sources, { jobs }) });
}
