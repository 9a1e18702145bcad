// The benchmark commands' defaults, apart from their code so the CLI's help can show them
// without loading the solver.

/** Timed runs of `mech bench solve` (after the warm-up runs). */
export const DEFAULT_SOLVE_RUNS = 10;
/** Seconds one reference run (every problem once) may take before it is abandoned. */
export const DEFAULT_REFERENCE_TIMEOUT_S = 10;
/**
 * Warm-up runs repeat until this many milliseconds have passed (at least one run): a
 * small workload needs a dozen runs before the JIT has compiled the JavaScript around the
 * kernel, and its first runs are ten times slower than the rest.
 */
export const WARMUP_MS = 250;
/** Timed runs of `mech bench simulate` (after the warm-up runs); a graph takes longer than a solve. */
export const DEFAULT_SIMULATE_RUNS = 5;
