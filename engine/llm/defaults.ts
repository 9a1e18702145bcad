// Request defaults both benchmarks' commands show in their help, in a module without
// imports so that parsing the arguments loads neither the client nor zod.

/** Seconds a model request may take before it is a timeout. */
export const DEFAULT_REQUEST_TIMEOUT_S = 600;
/** The requested output limit (a model's profile may lower it). */
export const DEFAULT_MAX_OUTPUT_TOKENS = 20_000;
/** Sent to models whose profile takes a temperature. */
export const DEFAULT_TEMPERATURE = 0;
/** Retries of a failed request that may succeed when sent again (retry.ts), after the first attempt. */
export const DEFAULT_MAX_RETRIES = 5;
/** Seconds a PhysMent episode may take in all before it is stopped as an episode_timeout. */
export const DEFAULT_EPISODE_TIMEOUT_S = 3_600;
