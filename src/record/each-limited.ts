/**
 * Runs `task` over `items` with at most `limit` in flight, reporting each completion.
 * @example await eachLimited(addresses, 8, fetchDetail, (done) => progress(done, addresses.length))
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
  done: (count: number) => void,
): Promise<void> {
  let next = 0,
    finished = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      await task(items[next++]!);
      done(++finished);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
