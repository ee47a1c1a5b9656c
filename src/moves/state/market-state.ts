import { invalidParameter } from '../../errors/api-error.js';
import { U64Overflow } from '../../math/token-amounts.js';
import type { MarketVersion, MovedPool, PoolRecord, ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import { fieldsOf, positiveDecimal } from '../pool/change-fields.js';
import { MarketActivity } from '../motion/market-activity.js';
import { MarketMembers } from './market-members.js';
import { MarketTokens } from '../motion/market-tokens.js';
import { MarketTotals } from './market-totals.js';
import { MarketPools } from './market-pools.js';
import { MarketTokenRecords } from './market-token-records.js';
import { NO_PACE, type Pace } from './pace.js';
import { PoolChanges } from './pool-changes.js';
import { STEP_SECONDS } from '../pool/rolled-stats.js';
import { StoredPools } from './stored-pools.js';
import type { StoredShape } from './stored-pools.js';

/** Changed pools whose tokens are gathered between two pauses. */
const TOKENS_GATHERED_AT_ONCE = 1024;

/** Why a pool cannot follow a price: what its positions would hold there. */
const BEYOND = "a position's token amount would exceed u64, the most a token account holds";

/** What a state is made of that takes time to read (read-market-start.ts). */
export interface StateParts {
  tokens: MarketTokens;
  /** The tokens' stored 24h volumes, by id. */
  volumes: readonly string[];
  members: MarketMembers;
  /** The snapshot's pools shaped ahead of their first write, shared by its every state (market-start.ts). */
  ahead: ReadonlyMap<number, StoredShape>;
  stored: StoredPools;
}

/**
 * A snapshot's market as it moves (docs/market-moves.md): its step, its tokens' prices, and every pool
 * that differs from the snapshot, with what it moves from (pool-ref.ts). Each operation returns the
 * version a server then serves (ServedSnapshot.moved). A pool is written when one of its tokens (or a
 * mint its rewards pay) moves, at the step that happened; every pool trades at every step, so the others
 * roll their windows from their last figures (market-pools.ts trade). Everything is a function of the
 * snapshot, its seed and the steps, in whatever number at a time they are taken.
 */
export class MarketState {
  step = 0;
  readonly tokens: MarketTokens;
  readonly members: MarketMembers;
  /** The pools that differ from the snapshot. */
  readonly pools: MarketPools;
  private readonly totals: MarketTotals;
  private readonly startMs: number;
  private readonly tokenRecords: MarketTokenRecords;
  private readonly changes: PoolChanges;

  constructor(
    readonly snapshot: ServedSnapshot,
    seed: number,
    parts: StateParts = {
      tokens: new MarketTokens(snapshot, seed),
      volumes: snapshot.records().tokenVolumes(),
      members: new MarketMembers(snapshot),
      ahead: new Map(),
      stored: new StoredPools(snapshot.records()),
    },
  ) {
    const { tokens, volumes, members, ahead, stored } = parts;
    [this.tokens, this.members] = [tokens, members];
    const totals = (this.totals = new MarketTotals(snapshot.records().protocol(), (id) => volumes[id]!));
    const startMs = (this.startMs = Date.parse(snapshot.facts.asOf));
    const activity = new MarketActivity(seed);
    this.pools = new MarketPools({ snapshot, tokens, members, totals, activity, startMs, ahead, stored });
    this.tokenRecords = new MarketTokenRecords(snapshot, tokens, totals);
    this.changes = new PoolChanges(this, seed);
  }

  /** The instant of step `step`: the snapshot's asOf, five minutes a step. */
  instant(step = this.step): string {
    return new Date(this.ms(step)).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  /**
   * Takes `steps` steps: the prices walk step by step; each pool they touch is written once, at its last; then every
   * pool trades to the new step.
   */
  async advance(steps: number, pace: Pace = NO_PACE): Promise<MarketVersion> {
    const moved = new Set<number>();
    for (let k = 1; k <= steps; k++) {
      for (const id of this.tokens.step(this.step + k)) moved.add(id);
      await pace();
    }
    this.step += steps;
    const written = await this.touch(moved, pace, (pool) =>
      invalidParameter('steps', `${steps} steps would move pool ${pool} where its positions cannot follow: ${BEYOND}`),
    );
    const traded = await this.pools.trade(this.step, pace);
    const kept = written.filter((pool) => this.pools.moved.get(pool.id) === pool);
    return this.version([...kept, ...traded], moved, pace);
  }

  /**
   * Sets a token's USD price now: every pool of it, and every pool its rewards pay, follows. A price some pool cannot
   * follow (its amounts beyond u64) is a 400 naming it; the state is then left half changed, and dropped by its owner.
   */
  async setTokenPrice(id: number, change: unknown, pace: Pace = NO_PACE): Promise<MarketVersion> {
    const price = positiveDecimal(fieldsOf(change, ['priceUsdc']).priceUsdc, 'priceUsdc');
    const was = this.tokens.usd[id]!;
    this.tokens.set(id, price, this.step);
    const written = await this.touch([id], pace, (pool) =>
      invalidParameter(
        'priceUsdc',
        `priceUsdc ${price} is beyond what pool ${pool} can follow from ${was}: ${BEYOND}; ` +
          `a price nearer ${was} is accepted`,
      ),
    );
    return this.version(written, [id], pace);
  }

  /** Sets a pool's price, TVL, volumes or warning now (pool-patch.ts); it moves on from there. */
  patchPool(id: number, change: unknown, pace: Pace = NO_PACE): Promise<MarketVersion> {
    return this.changes.patch(id, change, pace);
  }

  /** Adds a pool from a market file's pool entry (added-pool.ts), built at the current prices and step. */
  addPool(entry: unknown): Promise<{ version: MarketVersion; address: string }> {
    return this.changes.add(entry);
  }

  /** Removes a pool: it leaves every answer and every sum. */
  removePool(id: number): Promise<MarketVersion> {
    return this.changes.remove(id);
  }

  /** The pool as it is now: its record, moved or as stored. */
  current(id: number): PoolRecord {
    return this.pools.current(id);
  }

  /** The `declared` fact of a snapshot of this state: the snapshot's own entries and the pools given a price. */
  declared(): string {
    return this.changes.declared();
  }

  /**
   * The version a server serves now; `changed` the pools written and `moved` the tokens repriced since the
   * last. Its tokens are read with `pace` between them: a step may touch thousands.
   */
  async version(changed: MovedPool[], moved: Iterable<number>, pace: Pace = NO_PACE): Promise<MarketVersion> {
    const tokens = new Set(moved);
    // A step changes every pool: their tokens are gathered in slices too.
    for (let i = 0; i < changed.length; i++) {
      for (const token of this.members.tokensOf(changed[i]!.id)) tokens.add(token);
      if (i % TOKENS_GATHERED_AT_ONCE === TOKENS_GATHERED_AT_ONCE - 1) await pace();
    }
    await this.tokenRecords.update(tokens, pace);
    const { added, removed, count } = this.members;
    return {
      step: this.step,
      pools: new Map(this.pools.moved),
      changed,
      tokens: this.tokenRecords.changed(),
      protocol: this.totals.protocol(),
      exchangeToken: this.tokenRecords.exchangeToken(),
      added: [...added],
      removed: new Set(removed),
      members: count,
    };
  }

  /** The instant of step `step` (now: the current step), in ms. */
  ms(step = this.step): number {
    return this.startMs + step * STEP_SECONDS * 1000;
  }

  /**
   * Writes every pool of `tokens` (as a side or a reward), in id order, at the step its last move was; a pool whose
   * amounts would leave u64 there throws what `refused` makes of its address.
   */
  private async touch(tokens: Iterable<number>, pace: Pace, refused: (pool: string) => Error): Promise<MovedPool[]> {
    const ids = new Set<number>();
    for (const token of tokens) for (const id of this.members.touchedBy(token)) ids.add(id);
    const written: MovedPool[] = [];
    for (const id of [...ids].sort((a, b) => a - b)) {
      let step = this.pools.refStep(id);
      for (const token of this.members.moversOf(id)) step = Math.max(step, this.tokens.lastMove[token]!);
      try {
        written.push(this.pools.write(id, step));
      } catch (error) {
        if (error instanceof U64Overflow) throw refused(this.pools.current(id).address);
        throw error;
      }
      await pace();
    }
    return written;
  }
}
