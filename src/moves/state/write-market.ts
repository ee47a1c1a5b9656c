import { existsSync } from 'node:fs';
import type { PoolRecord } from '../../snapshot/format/pool-record.js';
import { poolSortValues } from '../../snapshot/format/sort-keys.js';
import { writePoolOrders, writeTokenOrders } from '../../snapshot/format/write/write-orders.js';
import { writeSnapshotAtomically } from '../../snapshot/format/write/write-atomically.js';
import type { MarketState } from './market-state.js';

/**
 * Writes the market as it is now as a snapshot of its own, atomically: every pool and token as served
 * now, their orders, the protocol's figures, and the snapshot's meta with asOf at the current step and
 * the pools changed by hand among the declared ones. `inspect --verify` holds it to every rule a
 * generated snapshot obeys, and `serve` replays it at step 0.
 * @example await writeMarket(state, 'snapshots/after-a-day.sqlite')
 */
export async function writeMarket(state: MarketState, out: string, force = false): Promise<void> {
  if (existsSync(out) && !force) throw new Error(`${out} exists; pass force to overwrite it`);
  const { snapshot } = state;
  const records = snapshot.records();
  const version = await state.version([], []);
  await writeSnapshotAtomically(out, (writer) => {
    // The pools served now, numbered 1..n again: pools removed at run time leave gaps, added ones come last.
    const { added, removed } = state.members;
    const ids = [...Array.from({ length: snapshot.poolCount }, (_, i) => i + 1), ...added].filter(
      (id) => !removed.has(id),
    );
    const pools = ids.map((id, i): PoolRecord => ({ ...state.current(id), id: i + 1 }));
    const positions = pools.reduce((sum, pool) => sum + pool.positions.length, 0);
    pools.forEach((pool) => writer.pool(pool));
    const tokenIds = Array.from({ length: snapshot.tokenCount }, (_, i) => i + 1);
    const tokens = tokenIds.map((id) => version.tokens.get(id) ?? records.token(id));
    tokens.forEach(({ token, volume24h }) => writer.token(token, volume24h));
    const values = pools.map(poolSortValues);
    const served = pools.map((pool) => pool.id);
    writePoolOrders(
      writer,
      served,
      pools.map((pool) => pool.address),
      (k) => values.map((row) => row[k]!),
    );
    const addresses = tokens.map(({ token }) => token.address);
    writeTokenOrders(
      writer,
      tokenIds,
      addresses,
      tokens.map(({ volume24h }) => volume24h),
    );
    writer.protocol(version.protocol);
    writer.exchangeToken(version.exchangeToken, records.supplies());
    writer.meta({
      ...records.meta(),
      asOf: state.instant(),
      positionCount: String(positions),
      declared: state.declared(),
    });
  });
}
