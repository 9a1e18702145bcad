// The errors that reach users as one line without a stack trace and that more than one
// stage throws. They live apart from the code that throws them so that the CLI can
// recognise them without loading that code.

/** A benchmark, shard or output directory problem (a file missing, unreadable or malformed). */
export class StoreError extends Error {
  override name = "StoreError";
}

/** A run directory problem (an eval run or a PhysMent transcript directory, its lock, its records). */
export class RunError extends Error {
  override name = "RunError";
}

/** A library function was called with an option it cannot take (the message names the option and what was expected). */
export class OptionsError extends Error {
  override name = "OptionsError";
}
