import { parentPort, workerData } from 'node:worker_threads';
import { runGenerationJob, type GenerationJob } from './generation-job.js';
import type { WriterMessage } from './writer-thread.js';

/**
 * Worker-thread entry (see writer-thread.ts): writes the job's snapshot, posting its progress, then its
 * result or its failure. It is sent 'abort' to stop, and, once it has posted 'ready' (every row written),
 * 'commit' or 'abort'.
 */
const controller = new AbortController();
const post = (message: WriterMessage): void => parentPort!.postMessage(message);
let answered: (() => void) | null = null;
parentPort!.on('message', (message: 'abort' | 'commit') => {
  if (message === 'abort') controller.abort();
  answered?.();
});
const beforeCommit = (): Promise<void> =>
  new Promise((resolve) => {
    answered = resolve;
    post({ kind: 'ready' });
  });
runGenerationJob(workerData as GenerationJob, {
  signal: controller.signal,
  onProgress: (done, total) => post({ kind: 'progress', done, total }),
  beforeCommit,
})
  .then(
    (result) => post({ kind: 'done', result }),
    (error: unknown) => {
      const { name, message, stack } = error instanceof Error ? error : new Error(String(error));
      const { code } = error as { code?: unknown };
      post({ kind: 'failed', name, message, stack, code: typeof code === 'string' ? code : undefined });
    },
  )
  .finally(() => parentPort!.close());
