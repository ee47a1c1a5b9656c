import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { OrderPair } from '../../snapshot/format/order-by-value.js';
import type { PoolBatch } from './pool-batch.js';
import { buildPoolBatch, toPlanMessage, type BuildContext, type PlanMessage } from './pool-batch-build.js';
import type { PoolPlan } from '../plan/pool-plan.js';
import { sortPoolOrders, type OrdersQuestion, type PoolOrdersJob, type SortedOrders } from './pool-orders.js';
import { startGeneratorWorker } from './worker-spec.js';

/**
 * Builds batches of pools, in this thread or in worker threads. Each batch is a pure function of
 * its plans, so where it is built never changes the rows; the caller writes the batches in the
 * order it asked for them, which keeps the snapshot in pool-id order.
 */
export interface PoolBuilders {
  /** Builds in a worker thread. */
  build(plans: readonly PoolPlan[]): Promise<PoolBatch>;
  /** Builds in this thread, now. */
  buildHere(plans: readonly PoolPlan[]): PoolBatch;
  /** Sorts the pools by some keys: in a worker thread, once it has built every batch asked of it; else here, now. */
  sortOrders(job: PoolOrdersJob): Promise<OrderPair[]>;
  /** How many batches to keep with the workers (0: there are none). */
  readonly inFlight: number;
  /** How many batches workers have built so far. */
  workerBatches(): number;
  close(): Promise<void>;
}

/** What a pool worker is sent (pool-worker.ts): plans to build, or orders to sort. */
export type WorkerQuestion = PlanMessage[] | OrdersQuestion;
/** What it answers, in the order it was asked: a batch, or the orders. */
export type WorkerAnswer = PoolBatch | SortedOrders;
const isOrders = (answer: WorkerAnswer): answer is SortedOrders => 'pairs' in answer;

interface Waiter {
  resolve(answer: WorkerAnswer): void;
  reject(error: Error): void;
}

/** Builds in this thread: for small snapshots, where starting workers costs more than it saves. */
export function localBuilders(context: BuildContext): PoolBuilders {
  return {
    build: (plans) => Promise.resolve(buildPoolBatch(plans, context)),
    buildHere: (plans) => buildPoolBatch(plans, context),
    sortOrders: (job) => Promise.resolve(sortPoolOrders(job)),
    inFlight: 0,
    workerBatches: () => 0,
    close: () => Promise.resolve(),
  };
}

/**
 * `count` worker threads, asked in turn. A worker answers in the order it was asked, so each
 * worker keeps a queue of the callers waiting on it; a failed worker fails every waiting caller.
 */
export function workerBuilders(context: BuildContext, count: number): PoolBuilders {
  const workers: Worker[] = [];
  const queues: Waiter[][] = [];
  let failure: Error | null = null;
  let turn = 0;
  let built = 0;
  const fail = (error: Error): void => {
    failure ??= error;
    for (const queue of queues) for (const waiter of queue.splice(0)) waiter.reject(error);
  };
  for (let i = 0; i < count; i++) {
    const worker = startGeneratorWorker('pool-worker', context);
    const queue: Waiter[] = [];
    worker.on('message', (answer: WorkerAnswer) => {
      if (!isOrders(answer)) built++;
      queue.shift()?.resolve(answer);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`pool worker exited with code ${code}`)));
    workers.push(worker);
    queues.push(queue);
  }
  const ask = (index: number, message: WorkerQuestion): Promise<WorkerAnswer> => {
    if (failure) return Promise.reject(failure);
    return new Promise<WorkerAnswer>((resolve, reject) => {
      queues[index]!.push({ resolve, reject });
      workers[index]!.postMessage(message);
    });
  };
  const expected = <T extends WorkerAnswer>(answer: WorkerAnswer, is: (a: WorkerAnswer) => a is T): T => {
    if (!is(answer)) throw new Error('a pool worker answered out of turn');
    return answer;
  };
  return {
    build: (plans) =>
      ask(turn++ % count, plans.map(toPlanMessage)).then((a) => expected(a, (b): b is PoolBatch => !isOrders(b))),
    buildHere: (plans) => buildPoolBatch(plans, context),
    sortOrders: (job) => ask(0, { orders: job }).then((a) => expected(a, isOrders).pairs),
    inFlight: 4 * count,
    workerBatches: () => built,
    async close() {
      failure ??= new Error('pool builders closed');
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/** Spare cores for pool workers (at most 3); none below `workersFrom` pools, where they do not pay for their start. */
export function spareCores(pools: number, workersFrom: number): number {
  return pools < workersFrom ? 0 : Math.max(0, Math.min(3, availableParallelism() - 1));
}

/**
 * One worker per spare core to build pools, while this thread plans, writes, and builds too whenever the
 * workers are behind. Without a spare core, or where workers cannot be started (sources run without tsx),
 * this thread builds alone: the rows are the same either way.
 */
export function startBuilders(context: BuildContext, spare: number): PoolBuilders {
  if (spare < 1) return localBuilders(context);
  try {
    return workerBuilders(context, spare);
  } catch {
    return localBuilders(context);
  }
}
