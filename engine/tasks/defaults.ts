// Generation defaults, in a module of their own so the CLI can show them in its help
// without loading the generator or the tokenizer.

/** The paper's prompt-token ceiling (o200k_base). */
export const DEFAULT_MAX_PROMPT_TOKENS = 80_000;
export const DEFAULT_SEED = "mechbench-v1";
export const DEFAULT_PER_LEVEL = 4;
