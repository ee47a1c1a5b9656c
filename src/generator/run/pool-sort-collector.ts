import { POOL_SORT_KEYS } from '../../snapshot/format/sort-keys.js';
import type { BatchSummary } from './pool-batch.js';
import { splitJoined, type PoolOrdersJob } from './pool-orders.js';

/**
 * Keeps what is needed after pools are written: their sort values, and the exact sums for token
 * volumes and protocol figures, which count non-blocked pools only (docs/api.md §6.5).
 */
export class PoolSortCollector {
  readonly ids: number[] = [];
  readonly addresses: string[] = [];
  readonly tokenVolumeMicro: bigint[];
  readonly tvls: string[] = [];
  volume24hMicro = 0n;
  fees24hPico = 0n;
  positions = 0;
  /** Per sort key, the batches' joined values, in pool order. */
  private readonly joined: string[][] = POOL_SORT_KEYS.map(() => []);

  constructor(tokenCount: number) {
    this.tokenVolumeMicro = new Array<bigint>(tokenCount + 1).fill(0n);
  }

  /** The pools of a batch, which must follow those added before (pool-id order). */
  addBatch(batch: BatchSummary): void {
    this.ids.push(...batch.ids);
    this.addresses.push(...batch.addresses);
    batch.sortColumns.forEach((values, key) => this.joined[key]!.push(values));
    this.positions += batch.positionCount;
    batch.ids.forEach((_, i) => {
      if (batch.blocked[i]) return;
      this.tokenVolumeMicro[batch.tokenA[i]!]! += batch.volume24hMicro[i]!;
      this.tokenVolumeMicro[batch.tokenB[i]!]! += batch.volume24hMicro[i]!;
      this.tvls.push(batch.tvlUsdc[i]!);
      this.volume24hMicro += batch.volume24hMicro[i]!;
      this.fees24hPico += batch.fees24hPico[i]!;
    });
  }

  /** Every pool's value for the sort key at `key` (POOL_SORT_KEYS order), in pool order. */
  column(key: number): string[] {
    return splitJoined(this.joined[key]!, this.ids.length);
  }

  /** What sorting the pools by `keys` (POOL_SORT_KEYS indexes) needs, `byAddress` their address order. */
  ordersJob(keys: number[], byAddress: Int32Array): PoolOrdersJob {
    return { ids: this.ids, addresses: this.addresses, byAddress, joined: keys.map((k) => this.joined[k]!) };
  }
}
