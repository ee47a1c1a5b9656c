import type { LockEntry } from '../api/api-types.js';
import { PERIOD_NAMES } from '../math/periods.js';
import { walkListing, type GetJson } from './upstream-client.js';
import { unwrap } from './wire-envelope.js';
import type { LivePoolFields } from '../snapshot/format/pool-record.js';
import { launchPools } from './launch-pools.js';
import { liveOfPool } from './wire-live.js';
import { normalizeDetailFields, normalizeLocks, normalizePool, type SpecPool } from './wire-pool.js';
import { finerSupply, normalizeExchangeToken, normalizeProtocol, supply } from './wire-protocol.js';
import { normalizeToken, type LogoMapper, type SpecToken } from './wire-token.js';
import { object, type Json } from './wire-values.js';
import { verifiedPools } from './verified-pools.js';

/** Everything a snapshot needs, read from the API and normalised to the spec's shape. */
export interface Crawled {
  /** In `/tokens` order (mint order), then tokens only pools named. */
  tokens: SpecToken[];
  /**
   * Token addresses by 24h volume, highest first, and lowest
   * first (the API's own orders: ties go by address both ways).
   */
  tokenVolumeOrder: string[];
  tokenVolumeAsc: string[];
  /** Every pool, blocked ones included, with every period's stats. */
  pools: SpecPool[];
  /** Pools the default listing shows: the others are blocked. */
  listed: Set<string>;
  details: Map<string, Json>;
  /** The live dialect's fields each detail sent (wire-live.ts). */
  live: Map<string, Partial<LivePoolFields>>;
  locks: Map<string, LockEntry[]>;
  /** Pools whose two tokens are verified (found with `verifiedOnly`). */
  verified: Set<string>;
  protocol: Json;
  exchangeToken: Json;
  circulatingSupply: string;
  totalSupply: string;
  /** What was not taken as the source said, one line each (launch-pools.ts). */
  notes: string[];
}

export interface CrawlOptions {
  get: GetJson;
  logo: LogoMapper;
  /** Requests in flight for per-pool fetches; default 8. */
  concurrency?: number;
  onProgress?: (step: string, done: number, total: number) => void;
}

/**
 * Runs `task` over `items` with at most `limit` in flight, reporting each completion.
 * @example await eachLimited(addresses, 8, fetchDetail, (done) => progress(done, addresses.length))
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
  done: (count: number) => void,
): Promise<void> {
  let next = 0,
    finished = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      await task(items[next++]!);
      done(++finished);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function crawlTokens(options: CrawlOptions, pools: readonly SpecPool[]): Promise<SpecToken[]> {
  const { get, logo } = options;
  const tokens = (await walkListing(get, '/tokens?size=3000')).map((t, i) => normalizeToken(t, logo, `token ${i}`));
  const known = new Set(tokens.map((t) => t.address));
  // A pool may hold a token the listing leaves out: fetch those one by one.
  for (const mint of pools.flatMap((p) => [p.tokenA.address, p.tokenB.address])) {
    if (known.has(mint)) continue;
    known.add(mint);
    tokens.push(
      normalizeToken(unwrap(await get(`/tokens/${mint}`), `GET /tokens/${mint}`).data, logo, `token ${mint}`),
    );
  }
  return tokens;
}

/** Fetches each pool's detail and lock entries, `concurrency` at a time. */
async function crawlPools(
  options: CrawlOptions,
  pools: readonly SpecPool[],
): Promise<Pick<Crawled, 'details' | 'live' | 'locks'>> {
  const details = new Map<string, Json>();
  const live = new Map<string, Partial<LivePoolFields>>();
  const locks = new Map<string, LockEntry[]>();
  const addresses = pools.map((p) => p.head.address as string);
  await eachLimited(
    addresses,
    options.concurrency ?? 8,
    async (address) => {
      const [detail, lock] = await Promise.all([options.get(`/pools/${address}`), options.get(`/lock/${address}`)]);
      const data = object(unwrap(detail, `GET /pools/${address}`).data, `pool ${address}`);
      details.set(address, normalizeDetailFields(data, `pool ${address}`));
      live.set(address, liveOfPool(data, `pool ${address}`));
      // The lock endpoint is a bare array in both shapes.
      locks.set(
        address,
        normalizeLocks(Array.isArray(lock) ? lock : unwrap(lock, `GET /lock/${address}`).data, `lock ${address}`),
      );
    },
    (done) => options.onProgress?.('pool details', done, addresses.length),
  );
  return { details, live, locks };
}

/**
 * Every pool (blocked ones included, with every period's stats), those the default listing shows, and
 * which are launch pools: the live dialect has no launchpool type, such a pool says `whirlpool`, and the
 * launch filter tells it apart, or, where the source ignores the filter, its own fields (launch-pools.ts).
 * Normalised here, with the rest of the wire shape.
 */
async function crawlListings(
  get: GetJson,
  logo: LogoMapper,
): Promise<Pick<Crawled, 'pools' | 'listed'> & { note?: string }> {
  const poolsOf = async (path: string): Promise<Json[]> =>
    (await walkListing(get, path)).map((p, i) => object(p, `pool ${i}`));
  const items = await poolsOf(`/pools?size=1000&includeBlocked=true&stats=${PERIOD_NAMES.join(',')}`);
  const pools = items.map((p, i) => normalizePool(p, logo, `pool ${i}`));
  const listed = new Set((await poolsOf('/pools?size=1000')).map((p) => p.address as string));
  const { launched, note } = launchPools(items, await poolsOf('/pools?size=1000&includeBlocked=true&isWavebreak=true'));
  for (const pool of pools)
    if (pool.head.poolType === 'whirlpool' && launched.has(pool.head.address as string))
      pool.head.poolType = 'launchpool';
  return { pools, listed, note };
}

/**
 * Reads the whole API through `get`: every page of tokens and pools through cursors, each pool's
 * detail and lock, the protocol endpoints, and what only searches reveal (verified pools).
 * @example const crawled = await crawl({ get: upstreamClient({ base }), logo: (url) => url })
 */
export async function crawl(options: CrawlOptions): Promise<Crawled> {
  const { get, logo, onProgress } = options;
  onProgress?.('pools', 0, 1);
  const { pools, listed, note } = await crawlListings(get, logo);
  onProgress?.('tokens', 0, 1);
  const tokens = await crawlTokens(options, pools);
  const byVolume = async (direction: string): Promise<string[]> =>
    (await walkListing(get, `/tokens?size=3000&sort_by=volume_24h&sort_direction=${direction}`)).map(
      (t) => object(t, 'token').address as string,
    );
  const tokenVolumeOrder = await byVolume('desc');
  const tokenVolumeAsc = await byVolume('asc');
  const { details, live, locks } = await crawlPools(options, pools);
  const verified = await verifiedPools(get, pools, (done, total) => onProgress?.('verified pools', done, total));
  const data = async (path: string): Promise<unknown> => unwrap(await get(path), `GET ${path}`).data;
  const circulating = object(await data('/protocol/token/circulating_supply'), 'circulating_supply');
  const total = object(await data('/protocol/token/total_supply'), 'total_supply');
  const exchangeToken = normalizeExchangeToken(await data('/protocol/token'), logo);
  return {
    tokens,
    tokenVolumeOrder,
    tokenVolumeAsc,
    pools,
    listed,
    details,
    live,
    locks,
    verified,
    protocol: normalizeProtocol(await data('/protocol')),
    exchangeToken,
    circulatingSupply: finerSupply(
      supply(circulating.circulating_supply, 'circulating_supply'),
      exchangeToken.circulatingSupply as string,
    ),
    totalSupply: finerSupply(supply(total.total_supply, 'total_supply'), exchangeToken.totalSupply as string),
    notes: note === undefined ? [] : [note],
  };
}
