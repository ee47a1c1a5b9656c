/**
 * The moved-market part of the response corpus (`--moves`): one server per snapshot, its market advanced with
 * `POST /__mock/market/advance` to each listed step, and at each one the same set of API URLs recorded under
 * `<plan>@step<n>` (docs/market-moves.md §3). Once, after the first listed step from HAND_CHANGE_STEP on, a token's
 * price and a pool are changed by hand and the set recorded as `<plan>@step<n>+hand` (the steps after it keep the
 * changes); at the end the market is reset and the set recorded as `<plan>@reset`, which must be `<plan>@step0`'s
 * entries again. Everything a set asks for is picked from the answers themselves, so the same build gives the
 * same corpus.
 */
import { Agent } from 'node:http';
import {
  type CorpusEntry,
  dataOf,
  field,
  type Json,
  Recorder,
  strings,
  text,
  unique,
  walk,
} from './corpus-recorder.js';

/** The step after whose set the changes by hand are made (or the first listed step past it). */
const HAND_CHANGE_STEP = 10;
/** The most steps one advance takes (docs/market-moves.md §3). */
const MAX_ADVANCE = 8640;
/** The token changed by hand, by symbol (a market names tokens by mint or symbol), and its new price. */
const HAND_TOKEN = { symbol: 'SOL', priceUsdc: '198.5' };
const SORTS = ['tvl', 'volume24h', 'fees24h', 'yieldovertvl24h', 'volume7d'] as const;
const DIRECTIONS = ['desc', 'asc'] as const;
const ALL_STATS = '5m,1h,24h,7d,30d';

/**
 * `--moves`' value: steps of the market, whole numbers above 0 in increasing order.
 * @example parseSteps('1,2,3,5') // [1, 2, 3, 5]
 */
export function parseSteps(value: string): number[] {
  const steps = value.split(',').map((part) => Number(part.trim()));
  const increasing = steps.every((step, i) => Number.isSafeInteger(step) && step > (i === 0 ? 0 : steps[i - 1]!));
  if (steps.length === 0 || !increasing)
    throw new Error(`--moves takes increasing steps above 0, such as 1,2,3,5,10,25, got '${value}'`);
  return steps;
}

/** What every set asks about besides each state's own listings: picked once, at step 0, by address. */
interface Fixed {
  pools: string[];
  mints: string[];
}

/** `count` values spread evenly over `values` sorted by code unit: a pick by address, not by any figure. */
function spread(values: readonly string[], count: number): string[] {
  const sorted = unique(values).sort();
  if (sorted.length <= count) return sorted;
  return Array.from({ length: count }, (_, i) => sorted[Math.floor((i * sorted.length) / count)]!);
}

const addresses = (body: Json): string[] => strings(dataOf(body).map((item) => field(item, 'address')));

/** The URLs one state is recorded by, in order. */
async function recordSet(rec: Recorder, fixed: Fixed): Promise<void> {
  await rec.get('/__mock/market');
  await rec.get('protocol');
  await rec.get('protocol/token');

  // --- listings: the default, each order both ways, stats
  await rec.get('pools');
  for (const sortBy of SORTS) {
    for (const dir of DIRECTIONS) await rec.get(`pools?sortBy=${sortBy}&sortDirection=${dir}&size=20`);
  }
  await rec.get('pools?stats=24h&size=20');
  await rec.get(`pools?stats=${ALL_STATS}&size=20`);
  await rec.get(`pools?sortBy=fees24h&stats=${ALL_STATS}&size=50`);
  await rec.get('pools?sortBy=yieldovertvl24h&sortDirection=asc&stats=24h&size=30');
  await rec.get('pools?includeBlocked=true&sortBy=tvl&size=1000');

  // --- pages through cursors, forward then back
  await walk(rec, 'pools?size=25', 4);
  await walk(rec, 'pools?sortBy=tvl&stats=24h&size=20', 3);
  await walk(rec, 'pools?sortBy=volume7d&sortDirection=asc&stats=7d&size=30', 3);
  await walk(rec, 'pools/search?q=SOL&size=10', 2);
  await walk(rec, 'tokens?sort_by=volume_24h&sort_direction=desc&size=10', 2);

  // --- filters and search
  for (const minTvl of ['1000', '100000', '1000000']) await rec.get(`pools?minTvl=${minTvl}&sortBy=tvl&size=20`);
  await rec.get('pools?minVolume=5000&sortBy=volume&stats=24h&size=20');
  await rec.get('pools?hasWarning=true&includeBlocked=true&size=50');
  for (const mint of fixed.mints.slice(0, 3)) await rec.get(`pools?token=${mint}&stats=24h&size=20`);
  await rec.get('pools/search?q=SOL');
  await rec.get('pools/search?q=SOL&verifiedOnly=true&stats=24h');
  await rec.get('pools/search?q=SOL&sortBy=volume24h&stats=24h&size=20');
  await rec.get('pools/search?q=USDC&minTvl=10000&size=20');

  // --- one pool: the top 10 by TVL now, and the ones picked at step 0
  const top = addresses(await rec.get('pools?sortBy=tvl&size=10'));
  for (const [i, address] of unique([...top, ...fixed.pools]).entries()) {
    await rec.get(`pools/${address}`);
    await rec.get(`pools/${address}?stats=24h`);
    if (i % 2 === 0) await rec.get(`pools/${address}?stats=${ALL_STATS}`);
  }

  // --- tokens
  await rec.get('tokens');
  for (const sortBy of ['mint_id', 'address', 'volume_24h']) {
    for (const dir of DIRECTIONS) await rec.get(`tokens?sort_by=${sortBy}&sort_direction=${dir}&size=100`);
  }
  await rec.get('tokens?size=3000');
  await rec.get('tokens/search?q=SOL');
  const byVolume = addresses(await rec.get('tokens?sort_by=volume_24h&sort_direction=desc&size=100'));
  for (const mint of unique([...byVolume.slice(0, 5), ...fixed.mints])) await rec.get(`tokens/${mint}`);
}

/** At step 0: 10 pools of every pool listed, and 6 tokens of every token, spread by address. */
async function pickFixed(rec: Recorder): Promise<Fixed> {
  const pools = addresses(await rec.get('pools?includeBlocked=true&sortBy=tvl&size=1000'));
  const mints = addresses(await rec.get('tokens?size=3000'));
  if (pools.length === 0 || mints.length === 0) throw new Error('the snapshot lists no pools or no tokens');
  return { pools: spread(pools, 10), mints: spread(mints, 6) };
}

/**
 * The changes by hand: HAND_TOKEN's price, and the first pool of the 10 largest by TVL that does not hold that
 * token (so that the two changes are seen apart), given half as much TVL again, a 24h volume of 0.8 times its TVL
 * and a warning. Figures are written from the served TVL with toFixed,
 * which is exact for a given double, so the same answers give the same bodies.
 */
async function changeByHand(rec: Recorder): Promise<void> {
  const tokenMarket = await rec.change('PATCH', `/__mock/market/tokens/${HAND_TOKEN.symbol}`, {
    priceUsdc: HAND_TOKEN.priceUsdc,
  });
  const changes = field(tokenMarket, 'changes');
  const handMint = text(field(Array.isArray(changes) ? changes.at(-1) : undefined, 'address'));
  const top = dataOf(await rec.get('pools?sortBy=tvl&size=10'));
  const pool = top.find((p) => ![field(p, 'tokenMintA'), field(p, 'tokenMintB')].includes(handMint)) ?? top[0];
  const address = text(field(pool, 'address'));
  const tvl = Number(text(field(pool, 'tvlUsdc')));
  if (address === null || !Number.isFinite(tvl) || tvl <= 0) throw new Error('no pool with a TVL to change by hand');
  await rec.change('PATCH', `/__mock/market/pools/${address}`, {
    tvlUsdc: (tvl * 1.5).toFixed(6),
    stats: { '24h': { volume: (tvl * 0.8).toFixed(6) } },
    hasWarning: true,
  });
}

async function advanceTo(rec: Recorder, from: number, to: number): Promise<void> {
  for (let at = from; at < to;) {
    const steps = Math.min(MAX_ADVANCE, to - at);
    const market = await rec.change('POST', '/__mock/market/advance', { steps });
    at += steps;
    if (field(market, 'step') !== at)
      throw new Error(`advanced to step ${at}, the market says ${JSON.stringify(market)}`);
  }
}

/** The URLs of `a` and `b` whose entries differ, or that only one holds. */
export function differing(a: readonly CorpusEntry[], b: readonly CorpusEntry[]): string[] {
  const keyOf = (e: CorpusEntry): string => `${e.method} ${e.url}`;
  const hashOf = (e: CorpusEntry): string => `${e.status} ${e.contentType} ${e.etag} ${e.bytes} ${e.sha256}`;
  const left = new Map(a.map((e) => [keyOf(e), hashOf(e)]));
  const right = new Map(b.map((e) => [keyOf(e), hashOf(e)]));
  return unique([...left.keys(), ...right.keys()]).filter((key) => left.get(key) !== right.get(key));
}

/**
 * Every state of one server's market, by name: `<plan>@step0`, `<plan>@step<n>` for each of `steps`,
 * `<plan>@step<n>+hand` once, and `<plan>@reset`. The server's market must be at step 0 and its clock stopped.
 */
export async function crawlMoves(
  port: number,
  plan: string,
  steps: readonly number[],
): Promise<Map<string, CorpusEntry[]>> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const states = new Map<string, CorpusEntry[]>();
  const record = async (name: string, fixed: Fixed): Promise<void> => {
    const rec = new Recorder(port, agent);
    await recordSet(rec, fixed);
    states.set(`${plan}@${name}`, rec.entries);
  };
  try {
    const start = new Recorder(port, agent);
    const fixed = await pickFixed(start);
    await record('step0', fixed);
    let at = 0;
    let changed = false;
    for (const step of steps) {
      await advanceTo(start, at, step);
      at = step;
      await record(`step${step}`, fixed);
      if (!changed && step >= HAND_CHANGE_STEP) {
        await changeByHand(new Recorder(port, agent));
        await record(`step${step}+hand`, fixed);
        changed = true;
      }
    }
    await start.change('POST', '/__mock/market/reset');
    await record('reset', fixed);
  } finally {
    agent.destroy();
  }
  return states;
}
