// The defaults of `mech simulate` (docs/semantics.md §13.8), in a module of their own so
// that the command line can show them in its help without loading the engine.

/** The depth the episode graph is followed to when no horizon is given. */
export const DEFAULT_HORIZON = 3;

/**
 * Without --horizon, a layer is computed only while the graph holds at most this many
 * episodes; without --first or --max-initial, at most this many initial episodes are
 * taken (more: the first one). Together they bound the sources a default run expands.
 */
export const DEFAULT_EXPANSION_BUDGET = 250;
