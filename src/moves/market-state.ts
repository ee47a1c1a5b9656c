import { ApiError } from '../errors/api-error.js';
import type {
  MarketVersion,
  MovedPool,
  PoolRecord,
  ServedSnapshot,
  StoredRecords,
  StoredToken,
} from '../snapshot/served/served-snapshot.js';
import { fieldsOf, positiveDecimal } from './change-fields.js';
import { MarketActivity } from './market-activity.js';
import { MarketMembers } from './market-members.js';
import { MarketTokens } from './market-tokens.js';
import { MarketTotals } from './market-totals.js';
import { MarketPools } from './market-pools.js';
import { patchedRecord } from './pool/patched-record.js';
import { rewardsPerSecond } from './pool/pool-account.js';
import { parsePoolPatch } from './pool/pool-patch.js';
import type { TokenPrice } from './pool/token-price.js';
import { STEP_SECONDS } from './pool/rolled-stats.js';

/**
 * Pools whose figures the first change reads before it writes any (market-pools.ts shapeAhead): all of
 * a small snapshot's (2,000 pools: some 100 ms once, where its first steps took up to 130 ms each), a
 * bounded second of a large one's.
 */
const SHAPED_AHEAD = 20_000;

/** What a state is made of that takes time to read (MarketState.create). */
interface StateParts {
  tokens: MarketTokens;
  /** The tokens' stored 24h volumes, by id. */
  volumes: readonly string[];
  members: MarketMembers;
}

/** Called between pieces of work: lets a server answer requests while a step is computed beside them. */
export type Pace = () => Promise<void> | void;
const NO_PACE: Pace = () => undefined;

/**
 * A snapshot's market as it moves (docs/market-moves.md): its step, its tokens' prices, and every pool
 * that differs from the snapshot, with what it moves from (pool-ref.ts). Each operation returns the
 * version a server then serves (ServedSnapshot.moved). A pool is written when one of its tokens (or a
 * mint its rewards pay) moves, at the step that happened; the others keep their figures, as the chain
 * keeps an account no one touched. Everything is a function of the snapshot, its seed and the steps,
 * in whatever number at a time they are taken.
 */
export class MarketState {
  step = 0;
  readonly tokens: MarketTokens;
  readonly members: MarketMembers;
  /** The pools that differ from the snapshot. */
  readonly pools: MarketPools;
  private readonly totals: MarketTotals;
  private readonly startMs: number;
  private readonly tokenRecords = new Map<number, StoredToken>();
  /** Pools given their own price at run time: served as declared (their price is not their tokens' ratio). */
  private readonly patched = new Map<number, string>();
  private exchange: ReturnType<StoredRecords['exchangeToken']> | undefined;

  constructor(
    readonly snapshot: ServedSnapshot,
    private readonly seed: number,
    parts: StateParts = {
      tokens: new MarketTokens(snapshot, seed),
      volumes: snapshot.records().tokenVolumes(),
      members: new MarketMembers(snapshot),
    },
  ) {
    const { tokens, volumes, members } = parts;
    [this.tokens, this.members] = [tokens, members];
    const totals = (this.totals = new MarketTotals(snapshot.records().protocol(), (id) => volumes[id]!));
    const startMs = (this.startMs = Date.parse(snapshot.facts.asOf));
    this.pools = new MarketPools({ snapshot, tokens, members, totals, activity: new MarketActivity(seed), startMs });
  }

  /**
   * The market of `snapshot` at step 0, its parts read with `pace` between them: each takes some 30 ms
   * at 100,000 pools, which a request should not wait for all at once.
   */
  static async create(snapshot: ServedSnapshot, seed: number, pace: Pace): Promise<MarketState> {
    const tokens = new MarketTokens(snapshot, seed);
    await pace();
    const volumes = snapshot.records().tokenVolumes();
    await pace();
    const members = new MarketMembers(snapshot);
    await pace();
    const state = new MarketState(snapshot, seed, { tokens, volumes, members });
    await state.pools.shapeAhead(SHAPED_AHEAD, pace);
    return state;
  }

  /** How many tokens' price or 24h volume differ from the snapshot's. */
  get changedTokens(): number {
    return this.tokenRecords.size;
  }

  /** The instant of step `step`: the snapshot's asOf, five minutes a step. */
  instant(step = this.step): string {
    return new Date(this.ms(step)).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  /** Takes `steps` steps: the prices walk step by step; each pool they touch is written once, at its last. */
  async advance(steps: number, pace: Pace = NO_PACE): Promise<MarketVersion> {
    const moved = new Set<number>();
    for (let k = 1; k <= steps; k++) {
      for (const id of this.tokens.step(this.step + k)) moved.add(id);
      await pace();
    }
    this.step += steps;
    return this.version(await this.touch(moved, pace), moved, pace);
  }

  /** Sets a token's USD price now: every pool of it, and every pool its rewards pay, follows. */
  async setTokenPrice(id: number, change: unknown, pace: Pace = NO_PACE): Promise<MarketVersion> {
    const price = positiveDecimal(fieldsOf(change, ['priceUsdc']).priceUsdc, 'priceUsdc');
    this.tokens.set(id, price, this.step);
    return this.version(await this.touch([id], pace), [id], pace);
  }

  /** Sets a pool's price, TVL, volumes or warning now (pool-patch.ts); it moves on from there. */
  async patchPool(id: number, change: unknown, pace: Pace = NO_PACE): Promise<MarketVersion> {
    const patch = parsePoolPatch(change);
    this.mustHave(id);
    const now = this.pools.write(id, this.step).record();
    const prices = this.pricesOf(id);
    const rewards = this.rewardsPerSecondOf(now);
    const next = patchedRecord(now, patch, { step: this.step, ms: this.ms(), prices, rewardsPerSecond: rewards });
    if (patch.price !== undefined) this.patched.set(id, 'its price set at run time');
    return this.version([this.pools.rebase(id, next, this.step)], [], pace);
  }

  /**
   * Adds a pool from a market file's pool entry (added-pool.ts), built at the current prices and step. The
   * generator and the market file's checks load then: a market that only moves never waits for them.
   */
  async addPool(entry: unknown): Promise<{ version: MarketVersion; address: string }> {
    const { addedPool } = await import('./added-pool.js');
    const id = this.members.nextId;
    const served = new Set([...this.members.added].map((added) => this.pools.moved.get(added)?.record().address));
    const exists = (address: string): boolean => {
      const stored = this.snapshot.poolId(address);
      return served.has(address) || (stored !== undefined && !this.members.removed.has(stored));
    };
    const pool = addedPool(
      entry,
      this.snapshot,
      { id, seed: this.seed, asOf: new Date(this.ms()), usd: this.tokens.usd },
      exists,
    );
    this.members.add(pool);
    return { version: await this.version([this.pools.rebase(id, pool, this.step)], []), address: pool.address };
  }

  /** Removes a pool: it leaves every answer and every sum. */
  async removePool(id: number): Promise<MarketVersion> {
    this.mustHave(id);
    this.pools.remove(id);
    this.members.remove(id);
    return this.version([], []);
  }

  /** The pool as it is now: its record, moved or as stored. */
  current(id: number): PoolRecord {
    return this.pools.current(id);
  }

  /** USD its rewards emit per second now, or null when they are kept as they are. */
  rewardsPerSecondOf(pool: PoolRecord): ReturnType<typeof rewardsPerSecond> {
    if (!pool.rewards.some((r) => r.active)) return null;
    return rewardsPerSecond(pool.rewards, (mint) => this.tokens.priceOfMint(mint));
  }

  /** The `declared` fact of a snapshot of this state: the snapshot's own entries and the pools given a price. */
  declared(): string {
    const stored = this.snapshot.facts.declared;
    const known = new Set(stored.map((entry) => entry.address));
    const added = [...this.patched]
      .map(([id, what]) => ({ entry: 'changed at run time', what, address: this.current(id).address }))
      .filter((entry) => !known.has(entry.address));
    return JSON.stringify([...stored, ...added]);
  }

  /**
   * The version a server serves now; `changed` the pools written and `moved` the tokens repriced since the
   * last. Its tokens are read with `pace` between them: a step may touch thousands.
   */
  async version(changed: MovedPool[], moved: Iterable<number>, pace: Pace = NO_PACE): Promise<MarketVersion> {
    const records = this.snapshot.records();
    const tokens = new Set(moved);
    for (const id of changed.map((pool) => pool.id)) for (const token of this.members.tokensOf(id)) tokens.add(token);
    for (const id of tokens) {
      const stored = this.tokenRecords.get(id) ?? records.token(id);
      const token = { ...stored.token, usdPrice: this.tokens.usd[id]! };
      this.tokenRecords.set(id, { token, volume24h: this.totals.tokenVolume(id) });
      await pace();
    }
    const exchange = (this.exchange ??= records.exchangeToken());
    const { added, removed, count } = this.members;
    return {
      step: this.step,
      pools: new Map(this.pools.moved),
      changed,
      tokens: new Map(this.tokenRecords),
      protocol: this.totals.protocol(),
      exchangeToken: {
        ...exchange,
        price: this.tokens.usd[exchange.tokenId]!,
        volume24h: this.totals.tokenVolume(exchange.tokenId),
      },
      added: [...added],
      removed: new Set(removed),
      members: count,
    };
  }

  /** A change queued behind the removal of its pool finds it gone: a 404, as it would have met first. */
  private mustHave(id: number): void {
    if (!this.members.has(id)) throw new ApiError(404, 'not_found', `pool ${id} was removed before this change`);
  }

  private ms(step = this.step): number {
    return this.startMs + step * STEP_SECONDS * 1000;
  }

  private pricesOf(id: number): [TokenPrice, TokenPrice] {
    const [a, b] = this.members.tokensOf(id);
    return [this.tokens.price(a), this.tokens.price(b)];
  }

  /** Writes every pool of `tokens` (as a side or a reward), in id order, at the step its last move was. */
  private async touch(tokens: Iterable<number>, pace: Pace): Promise<MovedPool[]> {
    const ids = new Set<number>();
    for (const token of tokens) for (const id of this.members.touchedBy(token)) ids.add(id);
    const written: MovedPool[] = [];
    for (const id of [...ids].sort((a, b) => a - b)) {
      let step = this.pools.refStep(id);
      for (const token of this.members.moversOf(id)) step = Math.max(step, this.tokens.lastMove[token]!);
      written.push(this.pools.write(id, step));
      await pace();
    }
    return written;
  }
}
