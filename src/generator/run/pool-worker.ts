import { parentPort, workerData } from 'node:worker_threads';
import { buildPoolBatch, fromPlanMessage, type BuildContext } from './pool-batch-build.js';
import type { WorkerQuestion } from './pool-builders.js';
import { sortPoolOrders, type SortedOrders } from './pool-orders.js';

/**
 * Worker-thread entry (see pool-builders.ts): builds each batch of plans it is sent and posts the
 * rows back, and the orders it is sent to sort once every batch is built (their arrays transferred, not
 * copied: two typed arrays an order, each as long as the snapshot has pools). Messages are answered in the
 * order they arrive.
 */
const context = workerData as BuildContext;
parentPort!.on('message', (message: WorkerQuestion) => {
  if (!Array.isArray(message)) {
    const answer: SortedOrders = { pairs: sortPoolOrders(message.orders) };
    const buffers = answer.pairs.flatMap((pair) => [pair.asc.buffer, pair.desc.buffer]);
    parentPort!.postMessage(
      answer,
      buffers.filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer),
    );
    return;
  }
  parentPort!.postMessage(
    buildPoolBatch(
      message.map((plan) => fromPlanMessage(plan, context.tokens)),
      context,
    ),
  );
});
