// The errors that reach users as one line without a stack trace and that more than one
// stage throws. They live apart from the code that throws them so that the CLI can
// recognise them without loading that code.

/**
 * A benchmark, shard or output directory problem (a file missing, unreadable or malformed).
 *
 * @example
 * ```ts
 * import { loadBenchmark, StoreError } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => loadBenchmark("no/such/benchmark"), StoreError);
 * ```
 */
export class StoreError extends Error {
  /** The error's name, for messages and logs. */
  override name = "StoreError";
}

/**
 * A run directory problem (an eval run or a PhysMent transcript directory, its lock, its records).
 *
 * @example
 * ```ts
 * import { loadEvaluation, RunError } from "@mechbench/mechbench/mechreasoner";
 * import assert from "node:assert/strict";
 *
 * assert.throws(() => loadEvaluation("no/such/run"), RunError);
 * ```
 */
export class RunError extends Error {
  /** The error's name, for messages and logs. */
  override name = "RunError";
}

/**
 * A library function was called with an option it cannot take (the message names the
 * function, the option and what was expected).
 *
 * @example
 * ```ts
 * import { benchEpisodeGraph, OptionsError, syntheticMechanism } from "@mechbench/mechbench/solver";
 * import assert from "node:assert/strict";
 *
 * // a synthetic mechanism starts in its own scenario
 * assert.throws(() => benchEpisodeGraph(syntheticMechanism("chain:3"), { scenario: "base" }), OptionsError);
 * ```
 */
export class OptionsError extends Error {
  /** The error's name, for messages and logs. */
  override name = "OptionsError";
}
