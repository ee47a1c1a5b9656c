import { ApiError, invalidParameter, shown } from '../errors/api-error.js';
import type { MarketVersion, ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import type { MarketPool } from '../generator/declared/market-file.js';
import type { MarketChange, MarketInfo, MockMarket, PoolChange, TokenChange } from './market-info.js';
import { changedPool, changedToken } from './change-targets.js';
import { MarketClock } from './market-clock.js';
import { MarketLog, type LoggedChange } from './market-log.js';
import { marketStarter, type MarketStarter, type MarketWork } from './market-work.js';
import { plainChange } from './plain-change.js';
import { pacer, type Pace } from './state/pace.js';
import { WorkQueue } from './work-queue.js';

/** The most steps one request may take: a month of market time. */
export const MAX_STEPS = 8640;

/**
 * The one owner of a server's market (docs/market-moves.md): the version every answer comes from,
 * replaced only when a step or a change is complete, changes taken one at a time in the order they come,
 * each computed in slices between which requests are answered from the version before. A change is all or
 * nothing: whatever it throws, the market served and the state the next change starts from are those before it.
 */
export class MovingMarket implements MockMarket {
  private served: ServedSnapshot;
  /** The state the next change runs on; null until the first change, after a reset and after a change that threw. */
  private market: MarketWork | null = null;
  private startMarket: MarketStarter;
  /** The changes that went through since the snapshot or the last reset: what `market` is made again from. */
  private readonly log = new MarketLog();
  private readonly queue = new WorkQueue();
  private changes: MarketChange[] = [];
  private readonly clock = new MarketClock(() => this.advance(1));
  /** The step of the version served, and its instant: a step being computed is not served until it is complete. */
  private servedStep = 0;
  private servedAsOf: string;
  /** How many pools (added and removed ones included) and tokens differ from the snapshot in the version served. */
  private counts = { pools: 0, tokens: 0 };

  constructor(
    private readonly snapshot: ServedSnapshot,
    private readonly onChange: () => void = () => undefined,
  ) {
    this.served = snapshot;
    this.servedAsOf = snapshot.facts.asOf;
    this.startMarket = marketStarter(snapshot);
  }

  /** What every answer comes from now. */
  get current(): ServedSnapshot {
    return this.served;
  }

  get step(): number {
    return this.servedStep;
  }

  async advance(steps: number = 1): Promise<MarketInfo> {
    if (!Number.isSafeInteger(steps) || steps < 1 || steps > MAX_STEPS)
      throw invalidParameter('steps', `steps must be an integer from 1 to ${MAX_STEPS}, got ${shown(String(steps))}`);
    return this.change((state, pace) => state.advance(steps, pace), undefined, steps);
  }

  async setToken(mint: string, change: TokenChange): Promise<MarketInfo> {
    const { id, mint: address } = changedToken(this.snapshot, mint);
    const given = plainChange(change);
    const record = () => ({ kind: 'token' as const, address, set: { ...given } });
    return this.change((state, pace) => state.setTokenPrice(id, given, pace), record);
  }

  async setPool(address: string, change: PoolChange): Promise<MarketInfo> {
    const id = changedPool(this.served, address);
    const given = plainChange(change);
    return this.change(
      (state, pace) => state.patchPool(id, given, pace),
      () => ({ kind: 'pool', address, set: { ...given } }),
    );
  }

  async addPool(entry: MarketPool): Promise<string> {
    const given = plainChange(entry);
    let address = '';
    await this.change(
      async (state) => {
        const added = await state.addPool(given);
        address = added.address;
        return added.version;
      },
      () => ({ kind: 'add-pool', address, set: { ...given } }),
      (state) => state.addPool(given),
    );
    return address;
  }

  async removePool(address: string): Promise<MarketInfo> {
    const id = changedPool(this.served, address);
    return this.change(
      (state) => state.removePool(id),
      () => ({ kind: 'remove-pool', address, set: {} }),
    );
  }

  reset(): Promise<MarketInfo> {
    return this.enqueue(() => this.restart());
  }

  state(): MarketInfo {
    return this.info();
  }

  /** Takes a step every `ms` milliseconds (a tick that finds the clock's last step not yet served is skipped). */
  moveEvery(ms: number | null): void {
    this.clock.every(ms);
  }

  /** Stops the clock; changes in progress finish. */
  async close(): Promise<void> {
    this.moveEvery(null);
    await this.queue.idle();
  }

  /**
   * Runs `make` on the market's state and serves the version it makes; `record` is what `changes` lists of it,
   * `replay` what the log makes again (`make` unless given). Nothing is kept of a change until it is served.
   */
  private change(
    make: (state: MarketWork, pace: Pace) => Promise<MarketVersion>,
    record?: () => Omit<MarketChange, 'step'>,
    replay: LoggedChange = make,
  ): Promise<MarketInfo> {
    return this.enqueue(async () => {
      const pace = pacer();
      try {
        const state = await this.working(pace);
        const version = await make(state, pace);
        const next = await this.served.moved(version, pace);
        const listed = record && { step: state.step, ...record() };
        this.swap(next, version, state);
        this.log.add(replay);
        if (listed) this.changes.push(listed);
      } catch (error) {
        // Refused or not, a change may throw with the state half changed (a step that wrote some pools, a price set
        // and its pools not all followed): the state is dropped, and made again for the next change. A bug may also
        // lie in what was read of the snapshot, which is read anew; a refusal keeps it.
        this.market = null;
        if (!(error instanceof ApiError)) this.startMarket = marketStarter(this.snapshot);
        throw error;
      }
    });
  }

  /** The state the next change runs on: kept, or made at step 0 and given every change that went through since. */
  private async working(pace: Pace): Promise<MarketWork> {
    if (this.market) return this.market;
    const state = await this.startMarket();
    await this.log.replay(state, pace);
    return (this.market = state);
  }

  private enqueue(work: () => Promise<void> | void): Promise<MarketInfo> {
    return this.queue.run(async () => {
      await work();
      return this.info();
    });
  }

  private restart(): void {
    this.market = null;
    this.log.clear();
    this.changes = [];
    this.swap(this.snapshot, null, null);
  }

  /** Serves `next`, the market at `version` of `state` (null: the snapshot itself). */
  private swap(next: ServedSnapshot, version: MarketVersion | null, state: MarketWork | null): void {
    this.served = next;
    this.servedStep = version?.step ?? 0;
    this.servedAsOf = state ? state.instant(this.servedStep) : this.snapshot.facts.asOf;
    const removed = version ? [...version.removed].filter((id) => id <= this.snapshot.poolCount).length : 0;
    this.counts = { pools: (version?.pools.size ?? 0) + removed, tokens: version?.tokens.size ?? 0 };
    this.onChange();
  }

  private info(): MarketInfo {
    return {
      step: this.step,
      asOf: this.servedAsOf,
      movesEveryMs: this.clock.everyMs,
      changedPools: this.counts.pools,
      changedTokens: this.counts.tokens,
      changes: [...this.changes],
    };
  }
}
