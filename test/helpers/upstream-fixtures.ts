import { readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';

// The hand-written upstream fixtures (fixtures/upstream/*.json, in the live API's wire shape of
// docs/api.md §9), typed loosely: the fake serves them and the tests compute expectations from them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Wire = any;

export interface UpstreamToken {
  address: string;
  /** Base units, every digit (sent as a JSON number). */
  supply: string;
  decimals: number;
  tokenProgram: string;
  tags: string[];
  metadata: { name?: string; symbol?: string; image?: string; risk: number };
  stats: { '24h': { volume: number } };
  [field: string]: unknown;
}

export interface UpstreamPool {
  address: string;
  whirlpoolsConfig: string;
  tokenMintA: string;
  tokenMintB: string;
  tvlUsdc: string;
  tokenBalanceA: string;
  tokenBalanceB: string;
  tokenA: Wire;
  tokenB: Wire;
  stats: Record<string, Record<string, string | null>>;
  rewards: Wire[];
  lockedLiquidityPercent: { name: string; lockedPercentage: string }[];
  [field: string]: unknown;
}

export interface UpstreamFixtures {
  /** `/tokens` listing, in mint order. */
  listed: UpstreamToken[];
  /** Tokens pools hold that the listing leaves out: only `/tokens/{mint}` answers for them. */
  unlisted: UpstreamToken[];
  /** Mints the fake treats as verified for `verifiedOnly`. */
  verified: string[];
  pools: UpstreamPool[];
  blocked: string[];
  /** `/lock/{address}` bodies (with the snake_case twin). */
  locks: Record<string, Wire[]>;
  protocol: Wire;
  protocolToken: Wire;
  circulatingSupply: Wire;
  totalSupply: Wire;
}

/**
 * A fixture file parsed, tokens' `supply` kept as the string of its digits: the live API sends it as a
 * JSON number that may pass 2^53, and the fake sends it back with every digit (fake-upstream.ts).
 */
const read = (name: string): Wire =>
  JSON.parse(
    readFileSync(new URL(`../../fixtures/upstream/${name}`, import.meta.url), 'utf8').replace(
      /"supply": (\d+)/g,
      '"supply": "$1"',
    ),
  );

/** A body as the live API writes it: tokens' `supply` (kept as digits by `read`) a JSON number again. */
export function upstreamJson(body: unknown): string {
  return JSON.stringify(body).replace(/"supply":"(\d+)"/g, '"supply":$1');
}

/** A fresh copy of the fixtures (tests may not share mutations). */
export function upstreamFixtures(): UpstreamFixtures {
  const tokens = read('tokens.json');
  const state = read('state.json');
  return {
    listed: tokens.listed,
    unlisted: tokens.unlisted,
    verified: tokens.verified,
    pools: read('pools.json'),
    ...state,
  };
}

/** Every upstream token by address, listed or not. */
export function tokensByAddress(f: UpstreamFixtures): Map<string, UpstreamToken> {
  return new Map([...f.listed, ...f.unlisted].map((t) => [t.address, t]));
}

/** Addresses ordered by `value` (exact decimals, as the API compares them), ties by address ascending both ways. */
export function orderBy<T extends { address: string }>(
  items: readonly T[],
  value: (item: T) => string,
  direction: 'asc' | 'desc',
): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items]
    .sort(
      (a, b) =>
        sign * new Decimal(value(a)).cmp(value(b)) || (a.address < b.address ? -1 : a.address > b.address ? 1 : 0),
    )
    .map((item) => item.address);
}

// What the spec's shape says each upstream object becomes (docs/api.md §5, §7), computed
// here independently of the recorder's normalisers.

const orNull = (value: string | undefined | null): string | null =>
  value === undefined || value === null || value === '' ? null : value;

/** A docs/api.md §5.1 token from an upstream token: metadata flattened, `tokenProgram` as `programId`, tags joined. */
export function expectedToken(t: UpstreamToken): Wire {
  return {
    address: t.address,
    symbol: orNull(t.metadata.symbol),
    name: orNull(t.metadata.name),
    decimals: t.decimals,
    imageUrl: orNull(t.metadata.image),
    programId: t.tokenProgram,
    tags: t.tags.join(','),
  };
}

/** A pool's embedded token: the docs/api.md §5.1 summary fields only (the upstream's '' means no metadata). */
export function expectedSummary(t: Wire): Wire {
  return {
    address: t.address,
    symbol: orNull(t.symbol),
    name: orNull(t.name),
    decimals: t.decimals,
    imageUrl: orNull(t.imageUrl),
  };
}

/** `raw / 10^decimals` with exactly `decimals` fractional digits. */
export function scaledBalance(raw: string, decimals: number): string {
  return new Decimal(raw).div(new Decimal(10).pow(decimals)).toFixed(decimals);
}

/** A stats entry with the four docs/api.md §5.7 fields (the upstream's *Delta extras dropped). */
export function expectedStats(s: Record<string, string | null>): Wire {
  return { volume: s.volume, fees: s.fees, rewards: s.rewards, yieldOverTvl: s.yieldOverTvl };
}

const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The docs/api.md §5.2 list item of an upstream pool, with `stats` for `periods`. */
export function expectedItem(p: UpstreamPool, periods: readonly string[] = []): Wire {
  return {
    address: p.address,
    poolsConfig: p.whirlpoolsConfig,
    tickSpacing: p.tickSpacing,
    feeRate: p.feeRate,
    protocolFeeRate: p.protocolFeeRate,
    liquidity: p.liquidity,
    sqrtPrice: p.sqrtPrice,
    tickCurrentIndex: p.tickCurrentIndex,
    tokenMintA: p.tokenMintA,
    tokenMintB: p.tokenMintB,
    price: p.price,
    tvlUsdc: p.tvlUsdc,
    tokenBalanceA: scaledBalance(p.tokenBalanceA, p.tokenA.decimals),
    tokenBalanceB: scaledBalance(p.tokenBalanceB, p.tokenB.decimals),
    poolType: p.poolType,
    adaptiveFeeEnabled: p.adaptiveFeeEnabled,
    hasWarning: p.hasWarning,
    tokenA: expectedSummary(p.tokenA),
    tokenB: expectedSummary(p.tokenB),
    stats: Object.fromEntries(periods.map((period) => [period, expectedStats(p.stats[period]!)])),
    rewards: p.rewards,
    lockedLiquidityPercent: [...p.lockedLiquidityPercent].sort(byName),
  };
}

/** The docs/api.md §5.3 detail of an upstream pool. */
export function expectedDetail(p: UpstreamPool, periods: readonly string[] = []): Wire {
  const detail = [
    'tokenVaultA',
    'tokenVaultB',
    'feeGrowthGlobalA',
    'feeGrowthGlobalB',
    'protocolFeeOwedA',
    'protocolFeeOwedB',
    'adaptiveFee',
    'feeTierIndex',
    'updatedAt',
    'updatedSlot',
  ];
  // The spec's timestamps are to the second; the upstream's milliseconds are dropped, in adaptiveFee too.
  const toSecond = (t: unknown): unknown => (typeof t === 'string' ? t.replace(/\.\d+Z$/, 'Z') : t);
  const fee = p.adaptiveFee as Wire | null;
  const adaptiveFee =
    fee === null
      ? null
      : {
          ...fee,
          variables: Object.fromEntries(
            Object.entries(fee.variables as Wire).map(([k, v]) => [k, k.endsWith('Timestamp') ? toSecond(v) : v]),
          ),
        };
  return {
    ...expectedItem(p, periods),
    ...Object.fromEntries(detail.map((k) => [k, p[k]])),
    adaptiveFee,
    updatedAt: toSecond(p.updatedAt),
  };
}

/** `/lock/{address}` entries: name order, the snake_case twin dropped. */
export function expectedLocks(entries: readonly Wire[]): Wire[] {
  return entries.map((e) => ({ name: e.name, lockedPercentage: e.lockedPercentage })).sort(byName);
}
