// The run store's user-facing error, apart from the store so that the CLI can recognise
// it without loading the store's schemas.

/** A run directory problem, reported without a stack trace. */
export class RunError extends Error {
  override name = "RunError";
}
