import type { ServedParts } from '../served-parts.js';
import type { ServedSnapshot } from '../served-snapshot.js';
import type { MarketVersion, MovedPool } from './market-version.js';
import { movedPieces, type MovedPieces } from './moved-items.js';
import { storedListed, type ListedPools } from './listed-pools.js';
import { MovedOrders } from './moved-orders.js';
import { movedMembers } from './moved-members.js';
import type { MovedShared, VersionBefore } from './moved-shared.js';
import { movedSnapshot } from './moved-snapshot.js';
import { SortColumns } from './sort-columns.js';
import type { StoredRecords } from '../../format/stored-records.js';

/** Tokens whose volumes are read between two pauses (prepare): some 4 ms. */
const TOKENS_AT_ONCE = 4_096;

/**
 * What every version of a snapshot's moving market shares, read the first time it moves: its stored
 * records, its own sort values and flags, the pools it lists in address order. A server whose market
 * never moves reads none of it.
 */
export class MovingBase implements MovedShared {
  /** What the version made last rendered (renderer): only the next one reads it, so no chain of versions is kept. */
  private lastRendered = new Map<MovedPool, MovedPieces>();
  private baseColumns: SortColumns | undefined;
  private pools: ListedPools | undefined;
  private volumes: string[] | undefined;

  constructor(
    readonly parts: ServedParts,
    private readonly stored: StoredRecords,
  ) {}

  renderer(): (pool: MovedPool) => MovedPieces {
    const before = this.lastRendered;
    const rendered = (this.lastRendered = new Map<MovedPool, MovedPieces>());
    const { format } = this.parts;
    return (pool) => {
      let held = rendered.get(pool);
      if (!held) rendered.set(pool, (held = before.get(pool) ?? movedPieces(pool.record(), format)));
      return held;
    };
  }

  get records(): StoredRecords {
    return this.stored;
  }

  /** The tokens' stored 24h volumes, by id. */
  get tokenVolumes(): string[] {
    return (this.volumes ??= this.records.tokenVolumes());
  }

  /** The snapshot's pools, listed: read by prepare(). */
  get listed(): ListedPools {
    if (!this.pools) throw new Error('a moving market is made after ServedSnapshot.prepareMoves');
    return this.pools;
  }

  /**
   * Reads what every version needs of the snapshot (its sort values, its pools' addresses in order), in
   * slices with `pace` between them; once, before the first version is made.
   */
  async prepare(pace: () => Promise<void> | void): Promise<void> {
    const { db, pools } = this.parts;
    this.baseColumns ??= await SortColumns.read(db, pools.count, pools.flags, pace);
    this.pools ??= await storedListed(pools.count, (id) => pools.addressOf(id), pace);
    await pace();
    if (this.volumes) return;
    // At 20,000 tokens reading every volume at once held a request for some 30 ms.
    const volumes = [''];
    for (let first = 1; first <= this.parts.tokens.count; first += TOKENS_AT_ONCE) {
      for (const [id, , , volume] of this.records.tokenFigures(first, first + TOKENS_AT_ONCE - 1)) volumes[id] = volume;
      await pace();
    }
    this.volumes = volumes;
  }

  /**
   * `version` of the market of `base` (the snapshot as stored), its sort values and orders made from
   * `previous` (the version before it) when there is one, else from the snapshot's; the orders requests
   * asked for lately, of either, are merged before it is served (moved-orders.ts).
   */
  async version(
    base: ServedSnapshot,
    version: MarketVersion,
    previous?: VersionBefore,
    pace: () => Promise<void> | void = () => undefined,
  ): Promise<ServedSnapshot> {
    const maxId = Math.max(this.parts.pools.count, ...version.added);
    if (!this.baseColumns) throw new Error('a moving market is made after ServedSnapshot.prepareMoves');
    const changed = previous ? version.changed : [...version.pools.values()];
    const columns = (previous?.columns ?? this.baseColumns).with(version.pools, changed, maxId);
    // Versions with the members' count of the one before list its pools (a first version, after a reset too, anew).
    const members =
      previous?.memberCount === version.members
        ? previous.members
        : movedMembers(this.parts.pools, this.listed, version);
    // The snapshot's orders merge into a first version only with the snapshot's pools, else sorts would be in full.
    const ordersBefore =
      previous?.orders ??
      (members.listed === this.listed
        ? MovedOrders.ofSnapshot(this.baseColumns, this.listed, this.parts.poolOrders)
        : undefined);
    const before = ordersBefore && { orders: ordersBefore, changed: changed.map((pool) => pool.id) };
    const orders = new MovedOrders(columns, members.listed, before);
    await pace();
    await orders.carry(pace);
    return movedSnapshot(this, base, version, columns, members, orders);
  }
}
