import { removePartial } from '../../snapshot/format/write/write-atomically.js';
import type { GenerationJob, GenerationResult, JobProgress } from './generation-job.js';
import { startGeneratorWorker } from './worker-spec.js';

/** What the writing thread posts. */
export type WriterMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'ready' }
  | { kind: 'done'; result: GenerationResult }
  | { kind: 'failed'; name: string; message: string; stack: string | undefined; code: string | undefined };

/**
 * Runs `job` in a worker thread started for it, relaying its progress and an abort; settles once the thread
 * has ended. Throws at once where no worker can be started (the caller then writes the job itself).
 * @example const { summary } = await runInWriterThread(job, { onProgress, signal })
 */
export function runInWriterThread(job: GenerationJob, progress: JobProgress): Promise<GenerationResult> {
  // A young generation the main thread cannot be given (worker-spec.ts).
  const worker = startGeneratorWorker('write-worker', job);
  const abort = (): void => worker.postMessage('abort');
  progress.signal?.addEventListener('abort', abort, { once: true });
  if (progress.signal?.aborted) abort();
  return new Promise((resolve, reject) => {
    let outcome: { result: GenerationResult } | { error: unknown } | null = null;
    worker.on('message', (message: WriterMessage) => {
      if (message.kind === 'progress') {
        if (outcome) return;
        try {
          progress.onProgress?.(message.done, message.total);
        } catch (error) {
          // As where the job runs in this thread: a progress callback that throws fails the generation.
          outcome = { error };
          abort();
        }
      } else if (message.kind === 'ready') {
        // Every progress callback has run: commit unless one failed or the caller aborted since.
        worker.postMessage(outcome || progress.signal?.aborted ? 'abort' : 'commit');
      } else if (message.kind === 'done') outcome ??= { result: message.result };
      else outcome ??= { error: errorOf(message) };
    });
    worker.on('error', (error) => (outcome ??= { error }));
    worker.on('exit', (code) => {
      progress.signal?.removeEventListener('abort', abort);
      if (outcome && 'result' in outcome) return resolve(outcome.result);
      // A thread that died (out of memory, say) did not clean up after itself.
      removePartial(job.out);
      reject(outcome?.error ?? new Error(`the generation's writing thread exited with code ${code}`));
    });
  });
}

/** The writing thread's error again, as far as it crosses: its name, message, stack and code. */
function errorOf(failed: Extract<WriterMessage, { kind: 'failed' }>): Error {
  const error = Object.assign(new Error(failed.message), { name: failed.name });
  if (failed.stack !== undefined) error.stack = failed.stack;
  return failed.code === undefined ? error : Object.assign(error, { code: failed.code });
}
