// Command-line defaults shown in the help, kept apart from the command modules so that
// parsing the arguments loads none of them (each command loads its code when it runs).
// The library's defaults live with the engine, behind the public entries, which load the
// catalog, the tokenizer and the clients; the values the help shows are written here once
// more, and cli/defaults.test.ts holds each equal to the library's.

/** Where `mech generate` writes and the task commands read. */
export const DEFAULT_TASKS_DIR = "mechreasoner-tasks";
/** The deepest horizon `mech simulate` follows. */
export const MAX_HORIZON = 50;
/** The port of `mech baseline serve`. */
export const DEFAULT_PARSER_PORT = 8765;

/** The edge-rule profiles (docs/semantics.md §13.10). */
export const RULE_PROFILES = ["sound", "paper"] as const;
/** The profile used when none is given. */
export const DEFAULT_PROFILE: (typeof RULE_PROFILES)[number] = "sound";
/** The readings --revert can take back one by one. */
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
/** `mech simulate`'s horizon without --horizon. */
export const DEFAULT_HORIZON = 3;
/** Episodes a default `mech simulate` run expands (and initial episodes it takes). */
export const DEFAULT_EXPANSION_BUDGET = 250;

/** Timed runs of `mech bench solve`. */
export const DEFAULT_SOLVE_RUNS = 10;
/** Seconds a reference run of `mech bench solve` may take. */
export const DEFAULT_REFERENCE_TIMEOUT_S = 10;
/** Timed runs of `mech bench simulate`. */
export const DEFAULT_SIMULATE_RUNS = 5;

/** The prompt-token ceiling of `mech generate` (o200k_base). */
export const DEFAULT_MAX_PROMPT_TOKENS = 80_000;
/** The seed of `mech generate`. */
export const DEFAULT_SEED = "mechbench-v1";
/** Tasks per (family, mechanism, level) cell. */
export const DEFAULT_PER_LEVEL = 4;
/** Replicates of `mech eval report`'s cluster bootstrap. */
export const BOOTSTRAP_REPLICATES = 10_000;
/** Attempts per item while the endpoint answers 429. */
export const DEFAULT_RATE_LIMIT_ATTEMPTS = 20;

/** Seconds a model request may take. */
export const DEFAULT_REQUEST_TIMEOUT_S = 600;
/** The requested output limit. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 20_000;
/** The temperature sent to models that take one. */
export const DEFAULT_TEMPERATURE = 0;
/** Retries of a request after a transient failure. */
export const DEFAULT_MAX_RETRIES = 5;
/** Seconds a PhysMent episode may take in all. */
export const DEFAULT_EPISODE_TIMEOUT_S = 3_600;
