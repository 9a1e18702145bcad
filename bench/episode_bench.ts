// deno bench --allow-read --allow-env bench/
// Building the bounded episode graph A^{<=H}(X0) with a fresh session (nothing memoized):
// the whole catalog from the numerical starts for H = 1, 2, 3 (H = 1 is the baseline),
// and synthetic thermal chains for H = 3 (N = 3 is the baseline).
import { buildGraph } from "../engine/bench/simulate_bench.ts";
import { CATALOG_IDS, catalogStart, type EpisodeWorkload, syntheticStart } from "./episode_workloads.ts";

const catalog = CATALOG_IDS.map(catalogStart);
const build = (w: EpisodeWorkload, h: number) => buildGraph(w, h).graph.edges.length;

for (const h of [1, 2, 3]) {
  Deno.bench({
    name: `episode graph: whole catalog (18 mechanisms), H = ${h}`,
    group: "whole catalog",
    baseline: h === 1,
    fn: () => void catalog.forEach((w) => build(w, h)),
  });
}
for (const n of [3, 4, 5]) {
  const w = syntheticStart({ kind: "chain", n });
  Deno.bench({ name: `episode graph: thermal chain ${n}, H = 3`, group: "thermal chain", baseline: n === 3, fn: () => void build(w, 3) });
}
