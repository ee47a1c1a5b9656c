import { ApiError } from '../../errors/api-error.js';
import type { MarketVersion, MovedPool, PoolRecord, ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import type { MarketMembers } from './market-members.js';
import type { MarketPools } from './market-pools.js';
import type { MarketTokens } from '../motion/market-tokens.js';
import type { Pace } from './pace.js';
import { patchedRecord } from '../pool/patched-record.js';
import { activeRewardsPerSecond } from '../pool/pool-account.js';
import { parsePoolPatch } from '../pool/pool-patch.js';
import type { TokenPrice } from '../motion/token-price.js';

/** What changes made by hand need of the market they change (market-state.ts). */
export interface ChangedMarket {
  readonly snapshot: ServedSnapshot;
  readonly step: number;
  readonly tokens: MarketTokens;
  readonly members: MarketMembers;
  readonly pools: MarketPools;
  ms(): number;
  version(changed: MovedPool[], moved: Iterable<number>, pace?: Pace): Promise<MarketVersion>;
}

/**
 * The changes made to a market's pools by hand (docs/market-moves.md §3): a price, TVL, volumes or warning
 * set, derived as a declared pool is; a pool added from a market file's entry; a pool removed. Each returns
 * the version a server then serves.
 */
export class PoolChanges {
  /** Pools given their own price at run time: served as declared (their price is not their tokens' ratio). */
  private readonly patched = new Map<number, string>();

  constructor(
    private readonly market: ChangedMarket,
    private readonly seed: number,
  ) {}

  async patch(id: number, change: unknown, pace: Pace): Promise<MarketVersion> {
    const patch = parsePoolPatch(change);
    this.mustHave(id);
    const { pools, step } = this.market;
    // Made, not kept: a patch refused below (a price outside the tick range, a TVL of no positions) changes nothing.
    const now = pools.recordAt(id, step);
    const at = {
      step,
      ms: this.market.ms(),
      prices: this.pricesOf(id),
      rewardsPerSecond: this.rewardsPerSecondOf(now),
    };
    const next = patchedRecord(now, patch, at);
    if (patch.price !== undefined) this.patched.set(id, 'its price set at run time');
    return this.market.version([pools.rebase(id, next, step)], [], pace);
  }

  /**
   * Adds a pool from a market file's pool entry (added-pool.ts), built at the current prices and step. The
   * generator and the market file's checks load then: a market that only moves never waits for them.
   */
  async add(entry: unknown): Promise<{ version: MarketVersion; address: string }> {
    const { addedPool } = await import('./added-pool.js');
    const { snapshot, members, pools, tokens, step } = this.market;
    const id = members.nextId;
    const exists = (address: string): boolean => {
      const known = members.addedId(address) ?? snapshot.poolId(address);
      return known !== undefined && !members.removed.has(known);
    };
    const at = { id, seed: this.seed, asOf: new Date(this.market.ms()), usd: tokens.usd };
    const pool = addedPool(entry, snapshot, at, exists);
    members.add(pool);
    return { version: await this.market.version([pools.rebase(id, pool, step)], []), address: pool.address };
  }

  async remove(id: number): Promise<MarketVersion> {
    this.mustHave(id);
    this.market.pools.remove(id);
    this.market.members.remove(id);
    return this.market.version([], []);
  }

  /** The `declared` fact of a snapshot of the market: the snapshot's own entries and the pools given a price. */
  declared(): string {
    const stored = this.market.snapshot.facts.declared;
    const known = new Set(stored.map((entry) => entry.address));
    const added = [...this.patched]
      .map(([id, what]) => ({ entry: 'changed at run time', what, address: this.market.pools.current(id).address }))
      .filter((entry) => !known.has(entry.address));
    return JSON.stringify([...stored, ...added]);
  }

  /** A change queued behind the removal of its pool finds it gone: a 404, as it would have met first. */
  private mustHave(id: number): void {
    if (!this.market.members.has(id)) throw new ApiError(404, 'not_found', `pool ${id} was removed before this change`);
  }

  /** USD its rewards emit per second now, or null when they are kept as they are. */
  private rewardsPerSecondOf(pool: PoolRecord): ReturnType<typeof activeRewardsPerSecond> {
    return activeRewardsPerSecond(pool.rewards, (mint) => this.market.tokens.priceOfMint(mint));
  }

  private pricesOf(id: number): [TokenPrice, TokenPrice] {
    const [a, b] = this.market.members.tokensOf(id);
    return [this.market.tokens.price(a), this.market.tokens.price(b)];
  }
}
