// npx deno run --allow-read --allow-env bench/episode_throughput.ts
// One measured run, printed as Markdown: building A^{<=H}(X0) for every catalog mechanism
// from its numerical start for H = 1..3 (a fresh session each time: nothing memoized),
// the whole catalog's total, and synthetic thermal chains and ladders.
import { buildGraph } from "../engine/bench/simulate_bench.ts";
import { CATALOG_IDS, catalogStart, type EpisodeWorkload, SYNTHETIC_SCALES, syntheticStart } from "./episode_workloads.ts";

const ms = (s: number) => (s >= 1 ? `${s.toFixed(2)} s` : `${(s * 1e3).toFixed(1)} ms`);
const rate = (n: number, s: number) => {
  const x = n / s;
  return x >= 1e3 ? `${(x / 1e3).toFixed(1)} k` : x.toFixed(0);
};

function build(w: EpisodeWorkload, h: number) {
  const { ms, graph: g, session } = buildGraph(w, h);
  return { seconds: ms / 1000, episodes: g.episodes.length, edges: g.edges.length, solves: session.stats.solves, candidates: session.stats.candidates };
}

const workloads = CATALOG_IDS.map(catalogStart);
build(workloads[0], 1); // warm-up: JIT and WASM instantiation
console.log(`Machine: ${navigator.hardwareConcurrency} logical cores, ${Deno.build.os}/${Deno.build.arch}, Deno ${Deno.version.deno} (V8 ${Deno.version.v8})\n`);
console.log("#### Catalog mechanisms from their numerical start (base scenario universe)\n");
console.log("| mechanism | X0 | H | episodes | edges | solves | time | edges/s | episodes/s |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
const total = [0, 0, 0, 0];
const totalEdges = [0, 0, 0, 0];
for (const w of workloads) {
  for (const h of [1, 2, 3]) {
    const r = build(w, h);
    total[h] += r.seconds;
    totalEdges[h] += r.edges;
    console.log(`| ${w.label} | ${w.initial.length} | ${h} | ${r.episodes} | ${r.edges} | ${r.solves} | ${ms(r.seconds)} | ${rate(r.edges, r.seconds)} | ${rate(r.episodes, r.seconds)} |`);
  }
}
console.log("\n| whole catalog (18 mechanisms) | H = 1 | H = 2 | H = 3 |");
console.log("|---|---:|---:|---:|");
console.log(`| time to build every A^{≤H} | ${ms(total[1])} | ${ms(total[2])} | ${ms(total[3])} |`);
console.log(`| distinct edges | ${totalEdges[1]} | ${totalEdges[2]} | ${totalEdges[3]} |`);
console.log("\n#### Synthetic thermal mechanisms from their flowing state, H = 3\n");
console.log("| workload | variables | episodes | edges | solves | time | edges/s |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const kind of ["chain", "ladder"] as const) {
  for (const n of SYNTHETIC_SCALES[kind]) {
    const w = syntheticStart({ kind, n });
    const r = build(w, 3);
    console.log(`| ${w.label} | ${w.model.variables.length} | ${r.episodes} | ${r.edges} | ${r.solves} | ${ms(r.seconds)} | ${rate(r.edges, r.seconds)} |`);
  }
}
