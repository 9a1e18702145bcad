// Bounded concurrency for model requests: both benchmarks keep at most `limit` calls in
// flight (PhysMent episodes, MechReasoner items), started in input order. A call that fails
// stops the pool: nothing new starts, the calls in flight are told through the signal they
// were given and waited for (so nothing writes after the caller has moved on, say closed
// its run), and the first failure is thrown.

/** Runs fn over items with at most `limit` calls in flight; items start in order; `stopped` is aborted at the first failure. */
export async function promisePool<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number, stopped: AbortSignal) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const stop = new AbortController();
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        await fn(items[i], i, stop.signal);
      } catch (error) {
        failure ??= { error };
        stop.abort();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
