import type { ServedSnapshot } from '../../snapshot/served/served-snapshot.js';

/**
 * Which pools' active rewards pay in which tokens, both ways, by id: a reward's price moves its pool's yields. The
 * snapshot's are read once (market-start.ts) and shared by every state of it, which adds its own pools' to slots of
 * its own (market-members.ts): at 100,000 pools, taking the slots again for each state held a request.
 */
export class RewardSlots {
  private readonly pools = new Map<number, number[]>();
  private readonly tokens = new Map<number, number[]>();

  constructor(private readonly snapshot: ServedSnapshot) {}

  /** Takes pool `pool`'s slot paying `mint`; a mint that is no token of the snapshot pays nothing it follows. */
  add(pool: number, mint: string): void {
    const token = this.snapshot.tokenId(mint);
    if (token === undefined) return;
    listAt(this.pools, token).push(pool);
    listAt(this.tokens, pool).push(token);
  }

  /** The pools whose rewards `token` pays. */
  poolsPaidIn(token: number): readonly number[] | undefined {
    return this.pools.get(token);
  }

  /** The tokens pool `pool`'s rewards pay in. */
  tokensPaying(pool: number): readonly number[] | undefined {
    return this.tokens.get(pool);
  }
}

/**
 * The reward slots of `snapshot`'s pools, all read at once (read-market-start.ts reads them in slices).
 * @example new MarketMembers(snapshot, storedRewardSlots(snapshot))
 */
export function storedRewardSlots(snapshot: ServedSnapshot): RewardSlots {
  const slots = new RewardSlots(snapshot);
  for (const [pool, mint] of snapshot.records().rewardMints()) slots.add(pool, mint);
  return slots;
}

/** The list at `key`, made empty the first time. */
function listAt(lists: Map<number, number[]>, key: number): number[] {
  let list = lists.get(key);
  if (!list) lists.set(key, (list = []));
  return list;
}
