import { parentPort, workerData } from 'node:worker_threads';
import { runGenerationJob, type GenerationJob } from './generation-job.js';
import type { WriterMessage } from './writer-thread.js';

/**
 * Worker-thread entry (see writer-thread.ts): writes the job's snapshot, posting its progress, then its
 * result or its failure. The one message it is sent asks it to stop.
 */
const controller = new AbortController();
const post = (message: WriterMessage): void => parentPort!.postMessage(message);
parentPort!.once('message', () => controller.abort());
runGenerationJob(workerData as GenerationJob, {
  signal: controller.signal,
  onProgress: (done, total) => post({ kind: 'progress', done, total }),
})
  .then(
    (result) => post({ kind: 'done', result }),
    (error: unknown) => {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      post({ kind: 'failed', name, message });
    },
  )
  .finally(() => parentPort!.close());
