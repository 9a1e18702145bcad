// Bounded concurrency for model requests: both benchmarks keep at most `limit` calls in
// flight (PhysMent episodes, MechReasoner items), started in input order.

/** Runs fn over items with at most `limit` calls in flight; items start in order. */
export async function promisePool<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
