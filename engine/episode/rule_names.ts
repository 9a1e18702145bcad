// The names of the edge-rule profiles and deviations (docs/semantics.md §13.10), without
// their schemas, so that the CLI can list them in its help at no cost.

/**
 * The edge-rule profiles: "sound" keeps the amended readings the numerical runs need,
 * "paper" takes every A.4 clause as the paper words it (docs/semantics.md §13.10).
 */
export const RULE_PROFILES = ["sound", "paper"] as const;
/** An edge-rule profile. */
export type RuleProfile = typeof RULE_PROFILES[number];
/** The profile used when none is given. */
export const DEFAULT_PROFILE: RuleProfile = "sound";

/** Every place where an amended reading can replace the paper's words. */
export const DEVIATIONS = [
  "cause-unions",
  "higher-order",
  "target-derivative",
  "intrastate-seeds",
  "intrastate-relays",
  "switched-jumps",
  "decl-changes",
  "context-universe",
] as const;
/** One amended reading of the sound profile, which can be taken back on its own. */
export type Deviation = typeof DEVIATIONS[number];
