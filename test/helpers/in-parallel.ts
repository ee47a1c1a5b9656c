/**
 * Runs `work(i, worker)` for i = 0..count-1 with `concurrency` workers (numbered from 0), stopping early
 * once `deadlineMs` has passed. Returns how many were started and whether the deadline cut it short.
 */
export async function inParallel(
  count: number,
  concurrency: number,
  deadlineMs: number,
  work: (i: number, worker: number) => Promise<void>,
): Promise<{ started: number; timedOut: boolean }> {
  const stopAt = performance.now() + deadlineMs;
  let next = 0;
  let timedOut = false;
  const worker = async (id: number): Promise<void> => {
    while (next < count) {
      if (performance.now() > stopAt) {
        timedOut = true;
        return;
      }
      await work(next++, id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, id) => worker(id)));
  return { started: next, timedOut };
}
