// The names of the edge-rule profiles and deviations (docs/semantics.md §13.10), without
// their schemas, so that the CLI can list them in its help at no cost.

export const RULE_PROFILES = ["sound", "paper"] as const;
export type RuleProfile = typeof RULE_PROFILES[number];
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
export type Deviation = typeof DEVIATIONS[number];
