// deno bench --allow-read --allow-env bench/
// WASM solver vs the TypeScript reference on shared cases (the reference is the
// baseline, so the summary reads "wasm is N× faster"), and scaling of the WASM path on
// synthetic systems and mechanisms (N = 10 is the baseline of each scaling group).
import { solve } from "../engine/solve/solver.ts";
import { referenceSolve } from "../engine/solve/reference.ts";
import {
  BIG_CHAIN,
  BIG_MIXED_CHAIN,
  chainAt,
  compileMechanism,
  LARGEST_SHARED,
  LARGEST_SHARED_LABEL,
  ladderAt,
  SCALES,
  SMALL_RANDOM,
  chainMechanismAt,
  ladderMechanismAt,
  LARGE_CHAIN_CAPACITORS,
  oscillatorStates,
} from "./workloads.ts";

// Sanity before timing: both solvers agree on the shared cases, and the big chain's count.
for (const p of [...SMALL_RANDOM, LARGEST_SHARED]) {
  if (solve(p).count !== referenceSolve(p).count) throw new Error(`solvers disagree on ${p.mechanism}`);
}
console.log(`200-variable landmark chain: ${solve(BIG_CHAIN).count} interpretations`);
console.log(`200-variable mixed chain: ${solve(BIG_MIXED_CHAIN).count} interpretations`);

Deno.bench({ name: "wasm: 100 small random systems", group: "small random systems", fn: () => void SMALL_RANDOM.forEach((p) => solve(p)) });
Deno.bench({
  name: "reference: 100 small random systems",
  group: "small random systems",
  baseline: true,
  fn: () => void SMALL_RANDOM.forEach((p) => referenceSolve(p)),
});

Deno.bench({ name: `wasm: ${LARGEST_SHARED_LABEL}`, group: "largest shared case", fn: () => void solve(LARGEST_SHARED) });
Deno.bench({
  name: `reference: ${LARGEST_SHARED_LABEL}`,
  group: "largest shared case",
  baseline: true,
  n: 10,
  warmup: 2,
  fn: () => void referenceSolve(LARGEST_SHARED),
});

Deno.bench({
  name: "wasm: 200-var landmark chain, 2·3^200+1 interpretations",
  group: "200-variable chain",
  baseline: true,
  fn: () => {
    if (solve(BIG_CHAIN).count <= 10n ** 40n) throw new Error("expected more than 10^40 interpretations");
  },
});
Deno.bench({ name: "wasm: 200-var mixed chain", group: "200-variable chain", fn: () => void solve(BIG_MIXED_CHAIN) });

for (const n of SCALES) {
  const chain = chainAt(n);
  const ladder = ladderAt(n);
  Deno.bench({ name: `chain system N=${n}`, group: "chain system scaling", baseline: n === 10, fn: () => void solve(chain) });
  Deno.bench({ name: `ladder system 2×${n}`, group: "ladder system scaling", baseline: n === 10, fn: () => void solve(ladder) });
}

// Compile + solve from a loaded model (loading is not timed); the large cases take
// seconds per iteration, so they run only a few.
for (const n of SCALES) {
  const chain = chainMechanismAt(n);
  const ladder = ladderMechanismAt(n);
  const heavy = n >= 100 ? { n: 3, warmup: 1 } : {};
  Deno.bench({
    name: `thermal chain mechanism N=${n}`,
    group: "thermal chain mechanism (compile+solve)",
    baseline: n === 10,
    ...heavy,
    fn: () => void solve(compileMechanism(chain)),
  });
  Deno.bench({
    name: `thermal ladder mechanism 2×${n}`,
    group: "thermal ladder mechanism (compile+solve)",
    baseline: n === 10,
    ...heavy,
    fn: () => void solve(compileMechanism(ladder)),
  });
}

// One iteration at the scale the dense min-fill matrix made slow (64,000 variables in one
// component): compile and solve.
const largeChain = chainMechanismAt(LARGE_CHAIN_CAPACITORS);
Deno.bench({
  name: `thermal chain mechanism N=${LARGE_CHAIN_CAPACITORS} (64k variables)`,
  group: "large thermal chain (compile+solve)",
  n: 1,
  warmup: 0,
  fn: () => void solve(compileMechanism(largeChain)),
});

// The order cache: every composite state of one mechanism, solved with cached orders
// (the default) and with every order computed.
const oscillator = oscillatorStates();
Deno.bench({
  name: "2,187 oscillator states, orders cached",
  group: "variable order cache",
  fn: () => void oscillator.forEach((p) => solve(p)),
});
Deno.bench({
  name: "2,187 oscillator states, every order computed",
  group: "variable order cache",
  baseline: true,
  fn: () => void oscillator.forEach((p) => solve(p, { reuseOrders: false })),
});
