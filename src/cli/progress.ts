import { UsageError } from './fail.js';

// A long command at the terminal (generate, record, export, inspect, start's first snapshot): the progress line it
// redraws, and the Ctrl-C that stops it, which clears the line and says that nothing was written.

/**
 * A progress line on stderr, redrawn in place, only when stderr is a terminal (CI logs and pipes
 * stay clean). Returns the reporter and a function that clears the line.
 */
export function terminalProgress(label: string): {
  report: (done: number, total: number, step?: string) => void;
  clear: () => void;
} {
  const tty = process.stderr.isTTY === true;
  let shown = false;
  return {
    report(done, total, step) {
      if (!tty) return;
      const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
      process.stderr.write(`\r\x1b[K${label}${step ? ` ${step}` : ''} ${done}/${total} (${percent}%)`);
      shown = true;
    },
    clear() {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

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
