import { createHash } from 'node:crypto';
import { scaleAmount, trimZeros } from '../../math/decimal.js';
import { PERIODS } from '../../math/periods.js';
import { addressOrder } from '../../snapshot/format/order-by-value.js';
import type { SnapshotWriter } from '../../snapshot/format/write/snapshot-writer.js';
import { POOL_SORT_KEYS } from '../../snapshot/format/sort-keys.js';
import { writeAddressOrder, writePoolOrder, writeTokenOrders } from '../../snapshot/format/write/write-orders.js';
import { isoSeconds } from '../iso-seconds.js';
import type { TokenSeed } from '../types.js';
import { GENERATOR_VERSION } from './defaults.js';
import type { PoolBuilders } from './pool-builders.js';
import type { PoolSortCollector } from './pool-sort-collector.js';
import { writeProtocol, type ExchangeSupplies } from './protocol.js';

/** What a run wrote, as `generate` reports it. */
export interface GenerateSummary {
  out: string;
  tokens: number;
  pools: number;
  positions: number;
  asOf: string;
  seed: number;
}

/** What finishing a snapshot needs of its job (generation-job.ts). */
export interface FinishedJob {
  out: string;
  seed: number;
  asOf: Date;
  tokens: TokenSeed[];
  supplies: ExchangeSupplies;
  declaredListing: string | null;
  marketJson: string | null;
}

/**
 * Tokens, orders, the protocol row and the meta row, once every pool is written. The pool orders are sorted
 * by `builders` (a pool worker, idle by now, where there is one) while this thread writes the rest, where the
 * one would follow the other. They are written last, in the same sequence either way.
 * @example const summary = await finishSnapshot(job, writer, collector, builders)
 */
export async function finishSnapshot(
  job: FinishedJob,
  writer: SnapshotWriter,
  collector: PoolSortCollector,
  builders: PoolBuilders,
): Promise<GenerateSummary> {
  const { tokens } = job;
  const { ids, addresses } = collector;
  const byAddress = addressOrder(addresses);
  const keys = POOL_SORT_KEYS.map((_, k) => k);
  const sorting = builders.sortOrders(collector.ordersJob(keys, byAddress));
  // Awaited at the end: should a write before then throw, the sorting, failed by the builders' close, is handled.
  sorting.catch(() => undefined);
  const tokenVolumes = tokens.map((t) => trimZeros(scaleAmount(collector.tokenVolumeMicro[t.id]!, 6)));
  tokens.forEach((token, i) => writer.token(token, tokenVolumes[i]!));
  writeAddressOrder(writer, ids, byAddress);
  writeTokenOrders(
    writer,
    tokens.map((t) => t.id),
    tokens.map((t) => t.address),
    tokenVolumes,
  );
  writeProtocol(writer, tokens, collector, job.supplies);
  const summary = summaryOf(job, collector);
  writer.meta(metaOf(job, summary));
  (await sorting).forEach((pair, i) => writePoolOrder(writer, keys[i]!, pair));
  return summary;
}

function summaryOf(job: FinishedJob, collector: PoolSortCollector): GenerateSummary {
  return {
    out: job.out,
    tokens: job.tokens.length,
    pools: collector.ids.length,
    positions: collector.positions,
    asOf: isoSeconds(job.asOf),
    seed: job.seed,
  };
}

function metaOf(job: FinishedJob, summary: GenerateSummary): Record<string, string> {
  return {
    seed: String(job.seed),
    generatorVersion: GENERATOR_VERSION,
    asOf: summary.asOf,
    tokenCount: String(summary.tokens),
    poolCount: String(summary.pools),
    positionCount: String(summary.positions),
    periods: PERIODS.map((p) => p.name).join(','),
    cursorKey: createHash('sha256')
      .update(`${GENERATOR_VERSION}|${job.seed}|${summary.asOf}|${summary.tokens}|${summary.pools}`)
      .update(job.marketJson ? `|${job.marketJson}` : '')
      .digest('hex'),
    ...(job.declaredListing !== null && { declared: job.declaredListing }),
  };
}
