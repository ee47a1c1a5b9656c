import { POOL_ADDRESS_ORDER } from '../../format/sort-keys.js';
import { poolTextsOf, type PoolTexts } from '../../format/pool-texts.js';
import type { StoredRecords } from '../../format/stored-records.js';
import { upstreamLockEntries } from '../../format/upstream-pool-pieces.js';
import { walkPools } from '../listing-walks.js';
import type { ServedParts } from '../served-parts.js';
import type { ServedSnapshot } from '../served-snapshot.js';
import type { MarketVersion, MovedPool } from './market-version.js';
import { movedMembers, storedListing, type StoredListing } from './moved-members.js';
import { movedTokenBodies } from './moved-token-bodies.js';
import { StoredValues, VersionOrders } from './sort-values.js';

/** Tokens whose volumes are read between two pauses. */
const TOKENS_AT_ONCE = 4_096;

/**
 * A snapshot's market at later states, each served as a ServedSnapshot of its own: the snapshot with an
 * overlay of the pools and tokens that differ (market-version.ts). A changed pool's texts are rendered from
 * its record by the same encoder a snapshot is written with (format/pool-texts.ts), the first time an answer
 * shows it, and joined by the same code as a stored pool's (pool-bodies.ts); a pool a change left as it was is
 * the same object in the next version, so its texts are not rendered again (a step trades every pool, so after a
 * step every pool shown is rendered anew). Listings walk the version's orders,
 * each sorted when first asked for (sort-values.ts), and its flags; tokens and protocol figures follow the
 * records (moved-token-bodies.ts). What every version shares is read once, when the market first moves.
 */
export class MovedMarket {
  private readonly texts = new WeakMap<MovedPool, PoolTexts>();
  private readonly locks = new WeakMap<MovedPool, string>();
  private stored: StoredValues | undefined;
  /** The keys listings asked of the market's versions, the latest last: the next version sorts them as it is made. */
  private readonly asked = new Set<string>();
  /** The snapshot's own listing, which every version without added or removed pools lists. */
  private listing: StoredListing | undefined;
  private volumes: string[] | undefined;

  constructor(
    private readonly parts: ServedParts,
    private readonly records: StoredRecords,
  ) {}

  /** Reads what every version needs of the snapshot, `pace` called between slices of the work. */
  async prepare(pace: () => Promise<void> | void): Promise<void> {
    const { db, pools, tokens } = this.parts;
    this.stored ??= await StoredValues.read(db, pools.count, pace);
    if (this.volumes) return;
    const volumes = [''];
    for (let first = 1; first <= tokens.count; first += TOKENS_AT_ONCE) {
      for (const [id, , , volume] of this.records.tokenFigures(first, first + TOKENS_AT_ONCE - 1)) volumes[id] = volume;
      await pace();
    }
    this.volumes = volumes;
  }

  /** `version` of the market of `base`, the snapshot as stored, `pace` called between parts of the work. */
  async version(
    base: ServedSnapshot,
    version: MarketVersion,
    pace: () => Promise<void> | void = () => undefined,
  ): Promise<ServedSnapshot> {
    if (!this.stored || !this.volumes) throw new Error('a moving market is made after ServedSnapshot.prepareMoves');
    const { parts } = this;
    this.listing ??= storedListing(parts.pools.count, parts.poolOrders.read(POOL_ADDRESS_ORDER, 'asc').ids);
    const members = movedMembers(parts.pools, this.listing, version);
    const orders = new VersionOrders(this.stored, version, members, this.asked);
    await orders.sortAhead(parts.poolOrders.lastAsked(4), pace);
    const walked = { pools: members.index, orders, thresholds: orders };
    const movedTexts = (id: number): PoolTexts | undefined => {
      const pool = version.pools.get(id);
      return pool && this.textsOf(pool);
    };
    const bodies = parts.bodies.withMoved(movedTexts, (id) => [members.index.tokenA[id]!, members.index.tokenB[id]!]);
    const { periodsOf, servedTokens } = parts;
    return {
      ...base,
      poolCount: members.maxId,
      poolId: (address) => members.index.idOf(address),
      poolAddress: (id) => members.index.addressOf(id),
      poolTokens: (id) => [members.index.tokenA[id]!, members.index.tokenB[id]!],
      poolsOfToken: (token) => members.index.poolsOfToken(token),
      walkPools: (walk, position, size) => walkPools(walked, walk, position, size),
      poolPage: (ids, periods, origin, cursors, extra) =>
        bodies.page(ids, periodsOf(periods), servedTokens.at(origin), cursors, extra),
      poolDetail: (id, periods, origin, extra) => bodies.detail(id, periodsOf(periods), servedTokens.at(origin), extra),
      poolHistory: (id) => version.pools.get(id)?.record().live.priceHistory7d ?? base.poolHistory(id),
      locks: (id) => {
        const pool = version.pools.get(id);
        return pool ? this.lockText(pool) : base.locks(id);
      },
      ...movedTokenBodies(parts, base, version, this.volumes),
      moved: (next, nextPace) => this.version(base, next, nextPace),
    };
  }

  private textsOf(pool: MovedPool): PoolTexts {
    let texts = this.texts.get(pool);
    if (!texts) this.texts.set(pool, (texts = poolTextsOf(pool.record(), this.parts.wire)));
    return texts;
  }

  private lockText(pool: MovedPool): string {
    let text = this.locks.get(pool);
    if (text === undefined) {
      const { locks } = pool.record();
      this.locks.set(
        pool,
        (text = this.parts.wire === 'upstream' ? upstreamLockEntries(locks) : JSON.stringify(locks)),
      );
    }
    return text;
  }
}
