import { parentPort, workerData } from 'node:worker_threads';
import { buildPoolBatch, fromPlanMessage, type BuildContext, type PlanMessage } from './pool-batch-build.js';
import type { SortedOrders } from './pool-builders.js';
import { sortPoolOrders, type PoolOrdersJob } from './pool-orders.js';

/**
 * Worker-thread entry (see pool-builders.ts): builds each batch of plans it is sent and posts the
 * rows back, and the orders it is sent to sort once every batch is built.
 * Messages are answered in the order they arrive.
 */
const context = workerData as BuildContext;
parentPort!.on('message', (message: PlanMessage[] | { orders: PoolOrdersJob }) => {
  if (!Array.isArray(message)) {
    const answer: SortedOrders = { pairs: sortPoolOrders(message.orders) };
    parentPort!.postMessage(answer);
    return;
  }
  parentPort!.postMessage(
    buildPoolBatch(
      message.map((plan) => fromPlanMessage(plan, context.tokens)),
      context,
    ),
  );
});
