import type { PoolRecord } from '../../snapshot/format/pool-record.js';
import type { ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import { RewardSlots, storedRewardSlots } from './reward-slots.js';

/**
 * Which pools a moving market has and what touches each: its two tokens, and the mints its active
 * rewards pay (a reward's price moves its yields). The snapshot's pools, those added at run time, less
 * those removed.
 */
export class MarketMembers {
  readonly added: number[] = [];
  readonly removed = new Set<number>();
  /** Grows whenever a pool comes or goes. */
  count = 0;
  private readonly addedTokens = new Map<number, readonly [number, number]>();
  private readonly addedAddresses = new Map<string, number>();
  private readonly addedByToken = new Map<number, number[]>();
  /** The reward slots of the pools added, apart from the snapshot's, which other states share. */
  private readonly addedRewards: RewardSlots;

  constructor(
    private readonly snapshot: ServedSnapshot,
    private readonly rewards: RewardSlots = storedRewardSlots(snapshot),
  ) {
    this.addedRewards = new RewardSlots(snapshot);
  }

  /** The id the next added pool takes. */
  get nextId(): number {
    return this.snapshot.poolCount + this.added.length + 1;
  }

  tokensOf(id: number): readonly [number, number] {
    return this.addedTokens.get(id) ?? this.snapshot.poolTokens(id);
  }

  /** The tokens whose moves write pool `id`: its own and its rewards'. */
  moversOf(id: number): number[] {
    const rewards = id > this.snapshot.poolCount ? this.addedRewards : this.rewards;
    return [...this.tokensOf(id), ...(rewards.tokensPaying(id) ?? [])];
  }

  /** The pools a move of `token` writes, in no order, removed ones left out. */
  *touchedBy(token: number): Iterable<number> {
    const { snapshot, addedByToken, rewards, addedRewards } = this;
    for (const list of [
      snapshot.poolsOfToken(token),
      addedByToken.get(token),
      rewards.poolsPaidIn(token),
      addedRewards.poolsPaidIn(token),
    ])
      for (const id of list ?? []) if (!this.removed.has(id)) yield id;
  }

  has(id: number): boolean {
    return id >= 1 && id < this.nextId && !this.removed.has(id);
  }

  /** The id of the pool added at `address`, removed or not; undefined for none. */
  addedId(address: string): number | undefined {
    return this.addedAddresses.get(address);
  }

  add(pool: PoolRecord): void {
    this.added.push(pool.id);
    this.addedAddresses.set(pool.address, pool.id);
    this.addedTokens.set(pool.id, [pool.tokenA.id, pool.tokenB.id]);
    for (const token of [pool.tokenA.id, pool.tokenB.id]) listAt(this.addedByToken, token).push(pool.id);
    for (const reward of pool.rewards) if (reward.active) this.addedRewards.add(pool.id, reward.mint);
    this.count++;
  }

  remove(id: number): void {
    this.removed.add(id);
    this.count++;
  }
}

/** The list at `key`, made empty the first time. */
function listAt(lists: Map<number, number[]>, key: number): number[] {
  let list = lists.get(key);
  if (!list) lists.set(key, (list = []));
  return list;
}
