// The benchmark commands' defaults, apart from their code so the CLI's help can show them
// without loading the solver.

/** Timed runs of `mech bench solve` (after one warm-up run). */
export const DEFAULT_SOLVE_RUNS = 10;
/** Seconds one reference run (every problem once) may take before it is abandoned. */
export const DEFAULT_REFERENCE_TIMEOUT_S = 10;
/** Timed runs of `mech bench simulate` (after one warm-up run); a graph takes longer than a solve. */
export const DEFAULT_SIMULATE_RUNS = 5;
