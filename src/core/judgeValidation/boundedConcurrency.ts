/** Runs fn over the items with at most `workers` in progress; stops taking new items once signal aborts. */
export async function forEachConcurrent<T>(
  items: readonly T[],
  workers: number,
  fn: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (signal?.aborted !== true) {
      const item = items[next++];
      if (item === undefined) return;
      await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, items.length)) }, worker));
}
