// Evaluation defaults, in a module of their own so the CLI can show them in its help
// without loading the runner, the client or the analysis.

/** Replicates of the mechanism-level cluster bootstrap. */
export const BOOTSTRAP_REPLICATES = 10_000;
/** Default attempts per item while the endpoint answers 429 (then a rate_limit failure). */
export const DEFAULT_RATE_LIMIT_ATTEMPTS = 20;
