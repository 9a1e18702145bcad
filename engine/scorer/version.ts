// The portable scorer's version: the npm package is published under it (build.mjs reads it
// from here), so the two cannot differ. docs/scorer.md says what each kind of bump means.
export const SCORER_VERSION = "0.1.0";
