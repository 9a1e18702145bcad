// Workloads shared by solver_bench.ts (deno bench) and throughput.ts (one-shot table),
// so both measure exactly the same problems.
import type { Problem } from "../engine/compile/problem.ts";
import { chainSystem, ladderSystem, randomSmallSystem } from "../engine/synthetic/systems.ts";
import { compile } from "../engine/compile/compile.ts";
import { mechanismStates } from "../engine/bench/solve_workloads.ts";
import { builtinMechanism } from "../catalog/mod.ts";
// The mechanism workloads are the engine's, which `mech bench solve --synthetic` runs too.
export { chainMechanismAt, compileMechanism, ladderMechanismAt } from "../engine/bench/solve_workloads.ts";

/** 100 small random-ish systems (4–10 variables), solved as one batch. */
export const SMALL_RANDOM: Problem[] = Array.from({ length: 100 }, (_, i) => randomSmallSystem(1000 + i));

/**
 * The largest case both solvers run: a 2×8 ladder of five-cell variables, 16
 * variables and 196,609 interpretations; the enumerating reference needs a few
 * hundred milliseconds for it.
 */
export const LARGEST_SHARED: Problem = ladderSystem(8, { shape: { neg: 2, zero: true, pos: 2 } });
export const LARGEST_SHARED_LABEL = "ladder 2×8, 5 cells (16 vars)";

/** The 200-variable landmark chain with 2·3^200 + 1 > 10^40 interpretations. */
export const BIG_CHAIN: Problem = chainSystem(200, { form: "equal" });
/** A 200-variable chain rotating through the mixed link forms. */
export const BIG_MIXED_CHAIN: Problem = chainSystem(200);

export const SCALES = [10, 50, 100, 200] as const;

export const chainAt = (n: number) => chainSystem(n);
export const ladderAt = (n: number) => ladderSystem(n);

/** The 64,000-variable thermal chain (3,200 capacitors), one component: memory and time at scale. */
export const LARGE_CHAIN_CAPACITORS = 3200;

/**
 * Every composite state of mechanics_oscillator (2,187 problems), compiled: successor
 * problems of one mechanism share a few component structures, so the order cache hits.
 */
export const oscillatorStates = (): Problem[] => {
  const model = builtinMechanism("mechanics_oscillator")!;
  return mechanismStates(model).map((s) => compile(model, s).problem);
};
