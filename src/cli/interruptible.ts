import { UsageError } from './fail.js';

/**
 * Runs a command's long work with a signal that Ctrl-C (SIGINT) or SIGTERM aborts. The progress line
 * is cleared either way; an aborted run ends as exit 130, saying that nothing was written to `out`.
 * @example await interruptible(out, progress, (signal) => generateSnapshot({ ...options, signal }))
 */
export async function interruptible<T>(
  out: string,
  progress: { clear(): void },
  task: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    return await task(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw new UsageError(`interrupted; nothing was written to ${out}`, 130);
    throw error;
  } finally {
    progress.clear();
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
  }
}
