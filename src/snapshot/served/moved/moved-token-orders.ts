import { orderByValue } from '../../format/order-by-value.js';
import type { Direction, SortOrder } from '../stored-orders.js';
import type { MarketVersion } from './market-version.js';
import type { MovedShared } from './moved-shared.js';

/** The token sort a moving market changes: tokens by 24h volume, which sums their pools'. */
const MOVED_KEY = 'volume_24h';

/**
 * A version's token orders: by 24h volume, sorted the first time it is asked for (exact values, ties by
 * address, as a snapshot's); by address and by mint, the snapshot's own.
 */
export class MovedTokenOrders {
  private byVolume: { asc: SortOrder; desc: SortOrder } | undefined;

  constructor(
    private readonly moving: MovedShared,
    private readonly version: MarketVersion,
  ) {}

  get(key: string, direction: Direction): SortOrder {
    if (key !== MOVED_KEY) return this.moving.parts.tokenOrders.get(key, direction);
    this.byVolume ??= this.sorted();
    return this.byVolume[direction];
  }

  private sorted(): { asc: SortOrder; desc: SortOrder } {
    const { tokens } = this.moving.parts;
    const stored = this.moving.tokenVolumes;
    const ids = Array.from({ length: tokens.count }, (_, i) => i + 1);
    const volumes = ids.map((id) => this.version.tokens.get(id)?.volume24h ?? stored[id]!);
    const { asc, desc } = orderByValue(
      ids,
      volumes,
      ids.map((id) => tokens.addresses[id]!),
    );
    const positioned = (order: Int32Array): SortOrder => {
      const position = new Int32Array(tokens.count + 1).fill(-1);
      order.forEach((id, i) => (position[id] = i));
      return { ids: order, position };
    };
    return { asc: positioned(asc), desc: positioned(desc) };
  }
}
