// The benchmark store's user-facing error, apart from the store so that the CLI can
// recognise it without loading the store's schemas.

/** A directory or file problem, reported to the user without a stack trace. */
export class StoreError extends Error {
  override name = "StoreError";
}
