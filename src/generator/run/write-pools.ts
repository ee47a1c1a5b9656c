import type { SnapshotWriter } from '../../snapshot/format/write/snapshot-writer.js';
import type { PoolBatch } from './pool-batch.js';
import type { PoolBuilders } from './pool-builders.js';
import type { PoolPlan } from '../plan/pool-plan.js';
import type { PoolSortCollector } from './pool-sort-collector.js';

/** Pools between progress reports and checks for interruption. */
export const PROGRESS_STEP = 1000;
/**
 * Pools per built batch, the unit of building and writing: small, so that the rows a thread holds
 * until they are sent or written stay few (fewer live objects make each garbage collection cheaper).
 */
export const BUILD_BATCH = 100;

export interface WritePoolsOptions {
  total: number;
  onProgress?: ((done: number, total: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function* batchesOf(plans: Iterable<PoolPlan>): Generator<PoolPlan[]> {
  let batch: PoolPlan[] = [];
  for (const plan of plans) {
    batch.push(plan);
    if (batch.length === BUILD_BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Batches built and not yet written, at most: bounds what this thread builds ahead of the workers. */
const MAX_QUEUED = 16;

/** A batch in pool order: built here (batch set at once) or awaited from a worker (batch set when it arrives). */
interface Slot {
  batch: PoolBatch | null;
  built: Promise<PoolBatch> | null;
}

function askWorker(builders: PoolBuilders, plans: readonly PoolPlan[], arrived: () => void): Slot {
  const slot: Slot = { batch: null, built: builders.build(plans) };
  // Awaited later, in order; until then a failure must not count as unhandled.
  slot.built!.then(
    (batch) => {
      slot.batch = batch;
      arrived();
    },
    () => undefined,
  );
  return slot;
}

/**
 * Has the plans built in batches and writes them strictly in plan order (pool-id order). Workers
 * are kept busy with a few batches each; while the oldest batch is still with a worker, this
 * thread builds the next one itself rather than wait (where a batch is built never changes it).
 * After every full thousand pools (batches divide a thousand): progress, a turn of the event loop
 * (so a signal handler can run) and a check for interruption.
 */
export async function writePools(
  plans: Iterable<PoolPlan>,
  builders: PoolBuilders,
  writer: SnapshotWriter,
  collector: PoolSortCollector,
  options: WritePoolsOptions,
): Promise<void> {
  const source = batchesOf(plans);
  let next = source.next();
  const take = (): PoolPlan[] => {
    const taken = next.value as PoolPlan[];
    next = source.next();
    return taken;
  };
  const queue: Slot[] = [];
  let withWorkers = 0;
  while (queue.length > 0 || !next.done) {
    for (; !next.done && withWorkers < builders.inFlight; withWorkers++)
      queue.push(askWorker(builders, take(), () => withWorkers--));
    const head = queue[0];
    if (head?.batch) {
      queue.shift();
      await writeBatch(head.batch, writer, collector, options);
    } else if (!next.done && queue.length < MAX_QUEUED) {
      queue.push({ batch: builders.buildHere(take()), built: null });
      await pause();
    } else {
      head!.batch = await head!.built!;
    }
  }
}

async function writeBatch(
  batch: PoolBatch,
  writer: SnapshotWriter,
  collector: PoolSortCollector,
  options: WritePoolsOptions,
): Promise<void> {
  writer.poolBatch(batch.rows);
  collector.addBatch(batch.summary);
  const last = batch.summary.ids.at(-1) ?? 0;
  if (last % PROGRESS_STEP !== 0) return;
  options.onProgress?.(last, options.total);
  await pause();
  if (options.signal?.aborted) throw new Error('generation interrupted');
}
