// Bounded concurrency for model requests: both benchmarks keep at most `limit` calls in
// flight (PhysMent episodes, MechReasoner items), started in input order. A call that fails
// stops the pool: nothing new starts, the calls in flight are waited for (so nothing writes
// after the caller has moved on, say closed its run), and the first failure is thrown.

/** Runs fn over items with at most `limit` calls in flight; items start in order. */
export async function promisePool<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        await fn(items[i], i);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
