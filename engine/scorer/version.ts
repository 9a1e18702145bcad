// The portable scorer's version: the npm package is published under it (npm/build.mjs reads it
// from here), so the two cannot differ. docs/scorer.md says what each kind of bump means.
/**
 * The scorer's version (semver; the npm package `mechbench-scorer` is published under it).
 * A score reported with it can be reproduced by the same version: a major bump changes
 * what valid input scores, a minor one adds exports or accepts more input, a patch changes
 * no score.
 *
 * @example
 * ```ts
 * import { SCORER_VERSION } from "@mechbench/mechbench/scorer";
 * import assert from "node:assert/strict";
 *
 * assert.match(SCORER_VERSION, /^\d+\.\d+\.\d+$/);
 * ```
 */
export const SCORER_VERSION = "0.2.0";
