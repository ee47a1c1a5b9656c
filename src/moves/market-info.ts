import type { MarketPool } from '../generator/declared/market-file.js';
import type { Period } from '../math/periods.js';

/** A change made by hand, as `GET /__mock/market` lists it (docs/market-moves.md §3). */
export interface MarketChange {
  /** The step it was made at. */
  step: number;
  kind: 'token' | 'pool' | 'add-pool' | 'remove-pool';
  /** The token's mint or the pool's address. */
  address: string;
  /** What it set, as given. */
  set: Record<string, unknown>;
}

/** What `GET /__mock/market` and `mock.market.state()` tell of the market. */
export interface MarketInfo {
  /** Five-minute steps since the snapshot; 0 is the snapshot as stored. */
  step: number;
  /** The instant of that step: the snapshot's asOf, five minutes a step. */
  asOf: string;
  /** How often the market takes a step by itself (`--market-moves`), in milliseconds; null when it waits. */
  movesEveryMs: number | null;
  /** Pools and tokens whose figures differ from the snapshot's now. */
  changedPools: number;
  changedTokens: number;
  /** The changes made by hand since the snapshot (a reset forgets them), oldest first. */
  changes: MarketChange[];
}

/** A token's change: its USD price, which every pool of it follows; a decimal string, as in a market file. */
export interface TokenChange {
  priceUsdc: string;
}

/** A pool's change: any of its price (token B per token A), TVL, volumes by period (decimal strings) and warning. */
export interface PoolChange {
  price?: string;
  tvlUsdc?: string;
  stats?: Partial<Record<Period, { volume: string }>>;
  hasWarning?: boolean;
}

/**
 * The market of a running server, in process: the same as `/__mock/market` (docs/market-moves.md).
 * Each change resolves once every answer reflects it.
 * @example
 * await server.market.setPool(address, { tvlUsdc: '90000000' });
 * await server.market.advance(12); // an hour
 * server.market.state().step // 12
 */
export interface MockMarket {
  /** Takes `steps` five-minute steps (default 1). */
  advance(steps?: number): Promise<MarketInfo>;
  /**
   * Sets a token's USD price: every pool of it follows. The token is a mint or a symbol, as a pool entry names
   * one (the well-known token of it, else the only one); a 400 ApiError names the mints of a symbol several
   * tokens share, a 404 one says no token is named.
   */
  setToken(token: string, change: TokenChange): Promise<MarketInfo>;
  /**
   * Sets what `change` names of one pool, derived as a market file's declared pool is. A malformed address is
   * a 400 ApiError `invalid_address`, as the API's; a pool not served a 404.
   */
  setPool(address: string, change: PoolChange): Promise<MarketInfo>;
  /**
   * Adds a pool from a market file's pool entry (docs/market-file.md) whose tokens are the snapshot's,
   * built as `generate --market` builds one, at the current prices; resolves to its address.
   */
  addPool(entry: MarketPool): Promise<string>;
  /** Removes a pool from every answer and sum. */
  removePool(address: string): Promise<MarketInfo>;
  /**
   * Back to the snapshot, step 0, byte for byte. What the first change read of the snapshot is kept, so the
   * next change starts at once: a reset between tests costs milliseconds.
   */
  reset(): Promise<MarketInfo>;
  state(): MarketInfo;
}
