import { Decimal } from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addressOrder } from '../../src/snapshot/format/order-by-value.js';
import { localBuilders, workerBuilders } from '../../src/generator/run/pool-builders.js';
import { SORT_SEPARATOR } from '../../src/generator/run/pool-batch.js';
import type { PoolOrdersJob } from '../../src/generator/run/pool-orders.js';
import { finishSnapshot } from '../../src/generator/run/finish-snapshot.js';
import { PoolSortCollector } from '../../src/generator/run/pool-sort-collector.js';
import type { SnapshotWriter } from '../../src/snapshot/format/write/snapshot-writer.js';
import { poolPlans } from '../helpers/pool-plans.js';
import { seededRng } from '../helpers/seeded-rng.js';
import { TRICKY } from '../helpers/sort-samples.js';
import { POOL_SORT_KEYS } from '../../src/snapshot/format/sort-keys.js';

const orders = suite('generate: pool orders sorted beside the writing (a pool worker, or this thread)');

/** `count` pools in batches of 100 (joined as the batches join them), with values for three keys. */
function jobOf(count: number, keys: number[], seed: number): { job: PoolOrdersJob; values: string[][] } {
  const next = seededRng(seed).next;
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const addresses = ids.map(() => Math.floor(next() * 36 ** 6).toString(36));
  const values = keys.map(() =>
    ids.map(() => (next() < 0.5 ? TRICKY[Math.floor(next() * TRICKY.length)]! : (next() * 1e6).toFixed(6))),
  );
  const joined = values.map((column) => {
    const batches: string[] = [];
    for (let at = 0; at < column.length; at += 100) batches.push(column.slice(at, at + 100).join(SORT_SEPARATOR));
    return batches;
  });
  return { job: { ids, addresses, byAddress: addressOrder(addresses), joined }, values };
}

/** Ids by exact value (decimal.js), ties by address ascending, in both directions (docs/api.md §3.3). */
function expectedOrder(ids: number[], addresses: string[], values: string[], sign: 1 | -1): number[] {
  const byAddress = (l: number, r: number): number =>
    addresses[l - 1]! < addresses[r - 1]! ? -1 : addresses[l - 1]! > addresses[r - 1]! ? 1 : 0;
  return [...ids].sort((l, r) => sign * new Decimal(values[l - 1]!).cmp(values[r - 1]!) || byAddress(l, r));
}

const CONTEXT = { tokens: [], drawnTokens: 0, seed: 1, asOf: new Date('2026-01-01T00:00:00Z') };

const CASES: [string, number][] = [
  ['no pools', 0],
  ['one pool', 1],
  ['2,050 pools in 21 batches, ties as floats and as values', 2050],
];

for (const [named, count] of CASES)
  orders(`${named}: a pool worker and this thread sort by exact value, ties by address`, async () => {
    const keys = [3, 0, 17];
    const { job, values } = jobOf(count, keys, count + 11);
    const workers = workerBuilders(CONTEXT, 1);
    try {
      const [inWorker, here] = [await workers.sortOrders(job), await localBuilders(CONTEXT).sortOrders(job)];
      assert.is(inWorker.length, keys.length, 'one pair per key');
      keys.forEach((key, i) => {
        const asc = expectedOrder(job.ids, job.addresses, values[i]!, 1);
        const desc = expectedOrder(job.ids, job.addresses, values[i]!, -1);
        for (const [where, pairs] of [
          ['worker', inWorker],
          ['this thread', here],
        ] as const) {
          assert.equal([...pairs[i]!.asc], asc, `${where}, key ${key}: ascending`);
          assert.equal([...pairs[i]!.desc], desc, `${where}, key ${key}: descending`);
        }
      });
      assert.is(workers.workerBatches(), 0, 'sorting is not counted as a batch built');
    } finally {
      await workers.close();
    }
  });

/** A writer whose every write throws `failure`: a disk that fills up while the orders are sorted. */
function failingWriter(failure: Error): SnapshotWriter {
  const fail = (): never => {
    throw failure;
  };
  return {
    pool: fail,
    poolBatch: fail,
    token: fail,
    order: fail,
    protocol: fail,
    exchangeToken: fail,
    meta: fail,
    finish: fail,
    abandon: () => undefined,
  };
}

orders('batches and orders asked of one worker at once are answered each to its asker, in turn', async () => {
  const { context, plans } = poolPlans(40);
  const workers = workerBuilders(context, 1);
  try {
    const { job, values } = jobOf(300, [0], 3);
    const [first, orders, second] = await Promise.all([
      workers.build(plans.slice(0, 20)),
      workers.sortOrders(job),
      workers.build(plans.slice(20)),
    ]);
    assert.equal(
      first.summary.ids,
      plans.slice(0, 20).map((plan) => plan.id),
    );
    assert.equal(
      second.summary.ids,
      plans.slice(20).map((plan) => plan.id),
    );
    assert.equal([...orders[0]!.asc], expectedOrder(job.ids, job.addresses, values[0]!, 1));
    assert.is(workers.workerBatches(), 2, 'two batches built, the orders not counted');
  } finally {
    await workers.close();
  }
});

orders('a write that fails while a pool worker sorts: its error, and no rejection left unhandled', async () => {
  // Enough pools that the worker is still sorting when the first write fails and the builders close.
  const { job } = jobOf(40_000, [0], 5);
  const collector = new PoolSortCollector(2);
  collector.addBatch({
    ids: job.ids,
    addresses: job.addresses,
    sortColumns: POOL_SORT_KEYS.map(() => job.joined[0]!.join(SORT_SEPARATOR)),
    blocked: job.ids.map(() => false),
    tokenA: job.ids.map(() => 1),
    tokenB: job.ids.map(() => 2),
    volume24hMicro: job.ids.map(() => 0n),
    fees24hPico: job.ids.map(() => 0n),
    tvlUsdc: job.ids.map(() => '0'),
    positionCount: 0,
  });
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): number => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const workers = workerBuilders(CONTEXT, 1);
  try {
    // A first answer: the worker is up, and sorting the 40,000 pools when the first write fails.
    await workers.sortOrders(jobOf(1, [0], 1).job);
    const facts = { out: 'x', seed: 1, asOf: CONTEXT.asOf, tokens: [], declaredListing: null, marketJson: null };
    const supplies = { circulatingMicro: 0n, totalMicro: 0n };
    const finishing = finishSnapshot({ ...facts, supplies }, failingWriter(new Error('disk full')), collector, workers);
    await finishing.then(
      () => assert.unreachable('finished with a writer that fails'),
      (error: Error) => assert.is(error.message, 'disk full'),
    );
    await workers.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(unhandled, [], 'a rejection was left unhandled');
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await workers.close();
  }
});

orders.run();
