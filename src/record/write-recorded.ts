import { createHash } from 'node:crypto';
import { addressOrder } from '../snapshot/format/order-by-value.js';
import { writePoolOrders } from '../snapshot/format/write/write-orders.js';
import { PERIOD_NAMES } from '../math/periods.js';
import { poolSortValues } from '../snapshot/format/sort-keys.js';
import type { TokenRecord } from '../snapshot/format/token-record.js';
import type { SnapshotWriter } from '../snapshot/format/write/snapshot-writer.js';
import type { Crawled } from './crawl.js';
import { lockedPercent } from '../generator/pool/locks.js';
import { poolLocks, recordedPoolRows, ZERO_STATS } from './recorded-rows.js';
import { recordedTokens } from './recorded-tokens.js';

/** Where a recording came from, for the meta table. */
export interface RecordedMeta {
  from: string;
  asOf: string;
  seed: string;
  /** The source's cursor key (a clmm-mock source), so cursors replay byte for byte; else derived from the content. */
  cursorKey?: string;
}

/** Token orders as the API gave them: mint order, address order, and both 24h-volume orders as listed. */
function writeTokenOrders(writer: SnapshotWriter, crawled: Crawled, tokens: readonly TokenRecord[]): void {
  const idOf = new Map(tokens.map((t) => [t.address, t.id]));
  // Tokens the volume listings leave out (fetched one by one) have rank 0, the lowest: first ascending,
  // last descending, ties by address both ways, as verifyOrders checks against the stored ranks.
  const seen = new Set(crawled.tokenVolumeAsc);
  const byAddress = Int32Array.from(addressOrder(tokens.map((t) => t.address)), (i) => tokens[i]!.id);
  const rest = Array.from(byAddress).filter((id) => !seen.has(tokens[id - 1]!.address));
  const listed = (addresses: readonly string[], direction: 'asc' | 'desc'): Int32Array => {
    const ids = addresses.flatMap((a) => idOf.get(a) ?? []);
    return Int32Array.from(direction === 'asc' ? [...rest, ...ids] : [...ids, ...rest]);
  };
  const byMint = Int32Array.from(tokens.map((t) => t.id));
  const orders: [string, Int32Array, Int32Array][] = [
    ['mint_id', byMint, byMint.slice().reverse()],
    ['address', byAddress, byAddress.slice().reverse()],
    ['volume_24h', listed(crawled.tokenVolumeAsc, 'asc'), listed(crawled.tokenVolumeOrder, 'desc')],
  ];
  for (const [key, asc, desc] of orders) {
    writer.order('tokens', key, 'asc', asc);
    writer.order('tokens', key, 'desc', desc);
  }
}

/** Pool orders computed from the recorded values exactly as the generator computes them. */
function writeRecordedPoolOrders(writer: SnapshotWriter, crawled: Crawled): void {
  const ids = crawled.pools.map((_, i) => i + 1);
  const addresses = crawled.pools.map((p) => p.head.address as string);
  const values = crawled.pools.map((p) =>
    poolSortValues({
      tvlUsdc: p.head.tvlUsdc as string,
      lockedPercent: lockedPercent(poolLocks(crawled, p)),
      stats: PERIOD_NAMES.map((period) => p.stats[period] ?? ZERO_STATS),
    }),
  );
  writePoolOrders(writer, ids, addresses, (k) => values.map((v) => v[k]!));
}

/**
 * Writes a crawled API as a snapshot the server replays: rows, response pieces, orders, protocol
 * figures and meta. Nothing is computed that the API did not say, except sums and orders of what it said.
 * @example writeRecorded(createSnapshotWriter(partial), crawled, { from, asOf, seed: 'none' })
 */
export function writeRecorded(writer: SnapshotWriter, crawled: Crawled, meta: RecordedMeta): void {
  const { tokens, volumes, exchangeId } = recordedTokens(crawled, meta.asOf);
  tokens.forEach((t, i) => writer.token(t, volumes[i]!));
  const rows = recordedPoolRows(crawled, {
    ids: new Map(tokens.map((t) => [t.address, t.id])),
    decimals: new Map(tokens.map((t) => [t.address, t.decimals])),
  });
  writer.poolBatch(rows);
  writeRecordedPoolOrders(writer, crawled);
  writeTokenOrders(writer, crawled, tokens);
  const p = crawled.protocol;
  writer.protocol({
    tvl: p.tvl as string,
    volume24hUsdc: p.volume24hUsdc as string,
    fees24hUsdc: p.fees24hUsdc as string,
    revenue24hUsdc: p.revenue24hUsdc as string,
  });
  const x = crawled.exchangeToken;
  const volume = (x.stats as { '24h': { volume: string } })['24h'].volume;
  const exchangeToken = {
    tokenId: exchangeId,
    symbol: x.symbol as string,
    name: x.name as string,
    description: x.description as string,
    imageUrl: x.imageUrl as string,
    price: x.price as string,
    circulatingSupply: x.circulatingSupply as string,
    totalSupply: x.totalSupply as string,
    volume24h: volume,
  };
  writer.exchangeToken(exchangeToken, { circulating: crawled.circulatingSupply, total: crawled.totalSupply });
  const content = createHash('sha256').update(
    JSON.stringify([meta.from, meta.asOf, tokens.map((t) => t.address), rows.specTexts]),
  );
  writer.meta({
    seed: meta.seed,
    generatorVersion: 'recorded',
    asOf: meta.asOf,
    source: `recorded from ${meta.from}`,
    tokenCount: String(tokens.length),
    poolCount: String(crawled.pools.length),
    positionCount: '0',
    periods: PERIOD_NAMES.join(','),
    cursorKey: meta.cursorKey ?? content.digest('hex'),
  });
}
