import { parentPort, workerData } from 'node:worker_threads';
import { buildPoolBatch, fromPlanMessage, type BuildContext, type PlanMessage } from './pool-batch-build.js';

/**
 * Worker-thread entry (see pool-builders.ts): builds each batch of plans it is sent and posts the
 * rows back. Messages are answered in the order they arrive.
 */
const context = workerData as BuildContext;
parentPort!.on('message', (plans: PlanMessage[]) => {
  parentPort!.postMessage(
    buildPoolBatch(
      plans.map((plan) => fromPlanMessage(plan, context.tokens)),
      context,
    ),
  );
});
