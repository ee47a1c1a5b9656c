import { invalidParameter } from '../../errors/api-error.js';
import { buildPool } from '../../generator/pool/build-pool.js';
import { resolveMarket } from '../../generator/declared/declared-market.js';
import { addedPlan } from '../../generator/declared/declared-plans.js';
import { MarketFileError } from '../../generator/declared/market-file-error.js';
import type { MarketPool } from '../../generator/declared/market-file.js';
import { poolRecordOf } from '../../generator/pool/pool-record-of.js';
import type { TokenSeed } from '../../generator/types.js';
import { loadWellKnownTokens } from '../../market/well-known-tokens.js';
import { U64Overflow } from '../../math/token-amounts.js';
import type { PoolRecord } from '../../snapshot/format/pool-record.js';
import type { ServedSnapshot } from '../../snapshot/served/served-snapshot.js';

/**
 * A pool added at run time from a market file's pool entry (docs/market-file.md), built as `generate
 * --market` builds a declared pool, at the market's prices (`usd`, by token id) and instant: its address
 * the program's, what it does not declare drawn from a stream named by its key. Its tokens must be the
 * snapshot's; a 400 names the field at fault.
 */
export function addedPool(
  entry: unknown,
  snapshot: ServedSnapshot,
  at: { id: number; seed: number; asOf: Date; usd: readonly string[] },
  exists: (address: string) => boolean,
): PoolRecord {
  const tokens = tokenSeeds(snapshot, at.usd);
  let plan;
  try {
    const [declared] = resolveMarket({ pools: [entry as MarketPool] }, tokens, at.seed, {
      asOf: at.asOf,
      exchangeTotalMicro: 0n,
    }).pools;
    plan = addedPlan(declared!, tokens, at.id, at.seed);
  } catch (error) {
    if (!(error instanceof MarketFileError)) throw error;
    const field = /^pools\[0\]\.([\w.]+)/.exec(error.message)?.[1] ?? 'body';
    throw invalidParameter(field, error.message.replace(/^pools\[0\]\.?:?\s*/, ''));
  }
  const pool = built(() => poolRecordOf(buildPool(plan, tokens, at.seed, at.asOf)), entry as MarketPool);
  if (exists(pool.address))
    throw invalidParameter('body', `a pool at ${pool.address} (these tokens, config and fee tier) is already served`);
  const side = (token: { id: number; address: string }) => ({ id: token.id, address: token.address });
  return { ...pool, tokenA: side(pool.tokenA), tokenB: side(pool.tokenB) };
}

/** The pool `build` makes; a 400 naming its TVL (or its price) when its amounts would leave u64. */
function built(build: () => PoolRecord, entry: MarketPool): PoolRecord {
  try {
    return build();
  } catch (error) {
    if (!(error instanceof U64Overflow)) throw error;
    const field = entry.tvlUsdc !== undefined ? 'tvlUsdc' : 'price';
    throw invalidParameter(
      field,
      `the pool's token amounts at this ${field} would exceed u64, the most a token account holds; ` +
        `a ${field === 'tvlUsdc' ? 'smaller TVL' : "price nearer its tokens' ratio"} is accepted`,
    );
  }
}

/** The snapshot's tokens as the generator knows tokens, at the market's prices. */
function tokenSeeds(snapshot: ServedSnapshot, usd: readonly string[]): TokenSeed[] {
  const known = new Map(loadWellKnownTokens().map((t) => [t.address, t]));
  const records = snapshot.records();
  const exchange = records.exchangeToken().tokenId;
  return Array.from({ length: snapshot.tokenCount }, (_, i) => {
    const { token } = records.token(i + 1);
    const wellKnown = known.get(token.address);
    return {
      ...token,
      usdPrice: usd[token.id]!,
      description: token.live.description,
      exchangeToken: token.id === exchange,
      role: wellKnown?.role ?? 'tail',
      depth: wellKnown?.depth ?? 0,
    };
  });
}
