// npx deno run --allow-read --allow-env bench/throughput.ts
// One measured run, printed as Markdown: solves/s and the work rates behind them
// (confluence checks, GAC revisions, MDD nodes per second) for the WASM solver and the
// reference on the shared workloads, then WASM-only scaling figures.
import type { Problem } from "../engine/compile/problem.ts";
import { solve } from "../engine/solve/solver.ts";
import { referenceSolve } from "../engine/solve/reference.ts";
import {
  BIG_CHAIN,
  chainAt,
  chainMechanismAt,
  compileMechanism,
  LARGEST_SHARED,
  LARGEST_SHARED_LABEL,
  ladderAt,
  ladderMechanismAt,
  SCALES,
  SMALL_RANDOM,
} from "./workloads.ts";

/** Mean seconds per call of fn over at least `minReps` calls and `minSeconds`. */
function timeIt(fn: () => void, minReps = 3, minSeconds = 1): number {
  fn(); // warm-up (JIT, WASM instantiation)
  let reps = 0;
  const t0 = performance.now();
  let elapsed = 0;
  while (reps < minReps || elapsed < minSeconds * 1000) {
    fn();
    reps++;
    elapsed = performance.now() - t0;
  }
  return elapsed / 1000 / reps;
}

const ms = (seconds: number) =>
  seconds >= 1 ? `${seconds.toFixed(2)} s` : seconds >= 1e-3 ? `${(seconds * 1e3).toFixed(2)} ms` : `${(seconds * 1e6).toFixed(1)} µs`;
const fmt = (x: number) =>
  x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : x >= 1e3 ? `${(x / 1e3).toFixed(1)} k` : x >= 10 ? x.toFixed(0) : x.toFixed(2);
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;

function sharedTable(label: string, problems: Problem[]) {
  const stats = { checks: 0, revisions: 0, nodes: 0 };
  for (const p of problems) {
    const s = solve(p).stats;
    stats.checks += s.confluenceChecks;
    stats.revisions += s.gacRevisions;
    stats.nodes += s.mddNodes;
  }
  const refChecks = problems.reduce((s, p) => s + referenceSolve(p).checks, 0);
  const wasmT = timeIt(() => problems.forEach((p) => solve(p)));
  const refT = timeIt(() => problems.forEach((p) => referenceSolve(p)));
  const k = problems.length;
  console.log(`\n### ${label}\n`);
  console.log("| metric | WASM solver | TS reference | WASM/reference |");
  console.log("|---|---:|---:|---:|");
  console.log(`| time per solve | ${ms(wasmT / k)} | ${ms(refT / k)} | — |`);
  console.log(`| solves/s | ${fmt(k / wasmT)} | ${fmt(k / refT)} | ${ratio(refT, wasmT)} |`);
  console.log(`| confluence checks per solve | ${fmt(stats.checks / k)} | ${fmt(refChecks / k)} | — |`);
  console.log(`| confluence checks/s | ${fmt(stats.checks / wasmT)} | ${fmt(refChecks / refT)} | ${ratio(stats.checks / wasmT, refChecks / refT)} |`);
  console.log(`| GAC revisions/s | ${fmt(stats.revisions / wasmT)} | — (no GAC) | — |`);
  console.log(`| MDD nodes/s | ${fmt(stats.nodes / wasmT)} | — (no MDD) | — |`);
}

/** Deno refuses /proc/cpuinfo without --allow-all, so the CPU model comes from `deno bench`'s header. */
const machine = () =>
  `${navigator.hardwareConcurrency} logical cores, ${Deno.build.os}/${Deno.build.arch}, Deno ${Deno.version.deno} (V8 ${Deno.version.v8})`;

console.log(`## Solver throughput — ${new Date().toISOString().slice(0, 10)}\n`);
console.log(`Machine: ${machine()}`);
sharedTable(`100 small random systems (4–10 variables each)`, SMALL_RANDOM);
sharedTable(`Largest shared case: ${LARGEST_SHARED_LABEL}, ${referenceSolve(LARGEST_SHARED).count} interpretations`, [LARGEST_SHARED]);

console.log("\n### WASM scaling (one run; compile time included for mechanisms)\n");
console.log("| workload | N | variables | confluences | interpretations | time | MDD nodes | MDD nodes/s | checks/s |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
const row = (name: string, n: number | string, make: () => Problem, reps = 3) => {
  let p = make();
  const t = timeIt(() => void solve((p = make())), reps, 0.5);
  const s = solve(p);
  const count = s.count.toString();
  const shown = count.length > 12 ? `${count.slice(0, 4)}…e${count.length - 1}` : count;
  console.log(
    `| ${name} | ${n} | ${p.variables.length} | ${p.confluences.length} | ${shown} | ${ms(t)} | ${s.stats.mddNodes} | ${
      fmt(s.stats.mddNodes / t)
    } | ${fmt(s.stats.confluenceChecks / t)} |`,
  );
};
row("200-var landmark chain (2·3^200+1)", 200, () => BIG_CHAIN);
for (const n of SCALES) row("chain system", n, () => chainAt(n));
for (const n of SCALES) row("ladder system", `2×${n}`, () => ladderAt(n));
for (const n of SCALES) {
  const m = chainMechanismAt(n);
  row("thermal chain mechanism", n, () => compileMechanism(m), n >= 100 ? 1 : 3);
}
for (const n of SCALES) {
  const m = ladderMechanismAt(n);
  row("thermal ladder mechanism", `2×${n}`, () => compileMechanism(m), n >= 100 ? 1 : 3);
}
console.log(`\n200-variable landmark chain, exact count: ${solve(BIG_CHAIN).count}`);
