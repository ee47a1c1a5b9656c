import { ApiError, invalidParameter } from '../errors/api-error.js';
import { shown } from '../errors/shown.js';
import type { MarketVersion, ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import type { MarketPool } from '../generator/declared/market-file.js';
import type { MarketChange, MarketInfo, MockMarket, PoolChange, TokenChange } from './market-info.js';
import { changedPool, changedToken } from './change-targets.js';
import { MarketClock } from './market-clock.js';
import { marketStarter, type MarketStarter, type MarketWork } from './market-work.js';
import { pacer, type Pace } from './state/pace.js';
import { WorkQueue } from './work-queue.js';

/** The most steps one request may take: a month of market time. */
export const MAX_STEPS = 8640;

/**
 * The one owner of a server's market (docs/market-moves.md): the version every answer comes from,
 * replaced only when a step or a change is complete, changes taken one at a time in the order they come,
 * each computed in slices between which requests are answered from the version before.
 */
export class MovingMarket implements MockMarket {
  private served: ServedSnapshot;
  private market: MarketWork | null = null;
  private startMarket: MarketStarter;
  private readonly queue = new WorkQueue();
  private changes: MarketChange[] = [];
  private readonly clock = new MarketClock(
    () => void this.advance(1).catch(() => undefined),
    () => this.queue.busy,
  );
  /** The step of the version served: a step being computed is not served until it is complete. */
  private servedStep = 0;
  /** How many pools (added and removed ones included) and tokens differ from the snapshot in the version served. */
  private counts = { pools: 0, tokens: 0 };

  constructor(
    private readonly snapshot: ServedSnapshot,
    private readonly onChange: () => void = () => undefined,
  ) {
    this.served = snapshot;
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
    return this.change((state, pace) => state.advance(steps, pace));
  }

  async setToken(mint: string, change: TokenChange): Promise<MarketInfo> {
    const { id, mint: address } = changedToken(this.snapshot, mint);
    const record = () => ({ kind: 'token' as const, address, set: { ...change } });
    return this.change((state, pace) => state.setTokenPrice(id, change, pace), record);
  }

  async setPool(address: string, change: PoolChange): Promise<MarketInfo> {
    const id = changedPool(this.served, address);
    return this.change(
      (state, pace) => state.patchPool(id, change, pace),
      () => ({ kind: 'pool', address, set: { ...change } }),
    );
  }

  async addPool(entry: MarketPool): Promise<string> {
    let address = '';
    await this.change(
      async (state) => {
        const added = await state.addPool(entry);
        address = added.address;
        return added.version;
      },
      () => ({ kind: 'add-pool', address, set: { ...entry } }),
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

  /** Takes a step every `ms` milliseconds (a step still being computed when the next is due is not doubled). */
  moveEvery(ms: number | null): void {
    this.clock.every(ms);
  }

  /** Stops the clock; changes in progress finish. */
  async close(): Promise<void> {
    this.moveEvery(null);
    await this.queue.idle();
  }

  private change(
    make: (state: MarketWork, pace: Pace) => Promise<MarketVersion> | MarketVersion,
    record?: () => Omit<MarketChange, 'step'>,
  ): Promise<MarketInfo> {
    return this.enqueue(async () => {
      this.market ??= await this.startMarket();
      let version: MarketVersion;
      const pace = pacer();
      try {
        version = await make(this.market, pace);
        if (record) this.changes.push({ step: this.market.step, ...record() });
        this.swap(await this.served.moved(version, pace), version);
      } catch (error) {
        // A refused change is refused before it changes anything. Anything else (a bug) may have left the
        // state half changed, and what was read with it: the market starts again from the snapshot, read
        // anew, rather than serve that.
        if (error instanceof ApiError) throw error;
        this.startMarket = marketStarter(this.snapshot);
        this.restart();
        throw error;
      }
    });
  }

  private enqueue(work: () => Promise<void> | void): Promise<MarketInfo> {
    return this.queue.run(async () => {
      await work();
      return this.info();
    });
  }

  private restart(): void {
    this.market = null;
    this.changes = [];
    this.swap(this.snapshot, null);
  }

  /** Serves `next`, the market at `version` (null: the snapshot itself). */
  private swap(next: ServedSnapshot, version: MarketVersion | null): void {
    this.served = next;
    this.servedStep = version?.step ?? 0;
    const removed = version ? [...version.removed].filter((id) => id <= this.snapshot.poolCount).length : 0;
    this.counts = { pools: (version?.pools.size ?? 0) + removed, tokens: version?.tokens.size ?? 0 };
    this.onChange();
  }

  private info(): MarketInfo {
    const state = this.market;
    return {
      step: this.step,
      asOf: state ? state.instant(this.servedStep) : this.snapshot.facts.asOf,
      movesEveryMs: this.clock.everyMs,
      changedPools: this.counts.pools,
      changedTokens: this.counts.tokens,
      changes: [...this.changes],
    };
  }
}
