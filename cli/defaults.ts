// Command-line defaults shown in the help, kept apart from the command modules so that
// parsing the arguments loads none of them (each command loads its code when it runs).

/** Where `mech generate` writes and the task commands read. */
export const DEFAULT_TASKS_DIR = "mechreasoner-tasks";
/** The deepest horizon `mech simulate` follows. */
export const MAX_HORIZON = 50;
/** The port of `mech baseline serve`. */
export const DEFAULT_PARSER_PORT = 8765;
