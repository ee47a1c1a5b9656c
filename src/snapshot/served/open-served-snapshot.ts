import type Database from 'better-sqlite3';
import { openSnapshot, readSnapshotFacts } from './open-snapshot.js';
import { HeldItems } from '../format/held-items.js';
import { PoolBodies, listBody, objectBody } from './pool-bodies.js';
import { poolIndex } from './pool-index.js';
import { readPoolKeys } from '../format/pool-keys.js';
import { rowCountProblems } from './row-counts.js';
import { walkPools, StoredOrders, Thresholds, walkOrder } from './listing-walks.js';
import type { ServedSnapshot } from './served-snapshot.js';
import type { MovedMarket } from './moved/moved-snapshot.js';
import { StoredRecords } from '../format/stored-records.js';
import { ServedTokens } from './served-tokens.js';
import type { ServedParts } from './served-parts.js';
import { SnapshotError } from './snapshot-error.js';
import { loadTokenIndex } from './token-index.js';
import type { Wire } from '../format/wire.js';
import type { Period } from '../../math/periods.js';

const single = (db: Database.Database, sql: string): string => db.prepare(sql).pluck().get() as string;
const everything = (): boolean => true;
/** The live API sends these periods when a request names none (docs/api.md §9.2); the spec sends none. */
const LIVE_PERIODS: readonly Period[] = ['24h', '7d', '30d'];

/**
 * Opens a snapshot for serving in one dialect (`spec` unless told), read-only, with statements
 * prepared once. Throws SnapshotError (one line) when the file is not a usable snapshot.
 * @example const snapshot = openServedSnapshot('snapshots/default.sqlite'); snapshot.poolCount;
 */
export function openServedSnapshot(path: string, wire: Wire = 'spec'): ServedSnapshot {
  const db = openSnapshot(path);
  try {
    return served(db, path, wire);
  } catch (error) {
    db.close();
    if (error instanceof SnapshotError) throw error;
    throw new SnapshotError(`snapshot ${path} cannot be read: ${(error as Error).message}`);
  }
}

function served(db: Database.Database, path: string, wire: Wire): ServedSnapshot {
  const facts = readSnapshotFacts(db, path);
  // A file whose rows were deleted by hand would serve its pieces and fail at the market's first read.
  const damage = rowCountProblems(db, facts);
  if (damage.length > 0)
    throw new SnapshotError(`snapshot ${path} is damaged: ${damage.join('; ')} (inspect --verify names every row)`);
  const poolOrders = new StoredOrders(db, 'pools', facts.pools);
  const pools = poolIndex(readPoolKeys(db, facts.pools));
  const tokens = loadTokenIndex(db);
  return servedFrom({
    db,
    facts,
    wire,
    pools,
    tokens,
    poolOrders,
    tokenOrders: new StoredOrders(db, 'tokens', tokens.count),
    thresholds: new Thresholds(db),
    servedTokens: new ServedTokens(db, wire),
    bodies: new PoolBodies(db, wire, new HeldItems(db, wire, pools.count), (id) => [
      pools.tokenA[id]!,
      pools.tokenB[id]!,
    ]),
    // The live API names default periods.
    periodsOf: (periods) => (wire === 'upstream' && periods.length === 0 ? LIVE_PERIODS : periods),
  });
}

/** The snapshot as served from its parts, and the versions of its market that moves. */
function servedFrom(parts: ServedParts): ServedSnapshot {
  const { db, facts, wire, pools, tokens, poolOrders, tokenOrders, thresholds, servedTokens, bodies } = parts;
  const live = wire === 'upstream';
  const column = (name: string): string => (live ? `upstream_${name}` : name);
  // The live API answers its protocol endpoints bare. Constant bodies: made once, here.
  const wrapped = (json: string): Buffer => (live ? Buffer.from(json) : objectBody(json));
  const protocolBody = wrapped(single(db, `SELECT ${column('json')} FROM protocol`));
  const circulatingBody = wrapped(single(db, `SELECT ${column('circulating_json')} FROM exchange_token`));
  const totalBody = wrapped(single(db, `SELECT ${column('total_json')} FROM exchange_token`));
  const { periodsOf } = parts;
  const tokenId = (address: string): number | undefined => tokens.idByAddress.get(address);
  const history = db.prepare('SELECT price_history_7d FROM pools WHERE id = ?').pluck();
  // A market that moves loads its readers on its first change: a server that never moves never pays for them.
  let records: StoredRecords | undefined;
  const storedRecords = (): StoredRecords => (records ??= new StoredRecords(db));
  let moving: Promise<MovedMarket> | undefined;
  const market = (): Promise<MovedMarket> =>
    (moving ??= import('./moved/moved-snapshot.js').then(({ MovedMarket }) => new MovedMarket(parts, storedRecords())));
  const snapshot: ServedSnapshot = {
    facts,
    wire,
    cursorKey: facts.cursorKey,
    poolCount: pools.count,
    tokenCount: tokens.count,
    poolId: (address) => pools.idOf(address),
    poolAddress: (id) => pools.addressOf(id),
    poolTokens: (id) => [pools.tokenA[id]!, pools.tokenB[id]!],
    poolsOfToken: (tokenId) => pools.poolsOfToken(tokenId),
    tokenId,
    tokenAddress: (id) => tokens.addresses[id]!,
    tokenSymbol: (id) => tokens.symbols[id] ?? null,
    tokenSymbolLower: (id) => tokens.symbolLower[id]!,
    tokenNameLower: (id) => tokens.nameLower[id]!,
    tokensOfCategories: (categories) => {
      const ids: number[] = [];
      for (let id = 1; id <= tokens.count; id++)
        if (tokens.categories[id]!.some((c) => categories.includes(c))) ids.push(id);
      return ids;
    },
    tokensInOrder: (sortBy, direction) => tokenOrders.get(sortBy, direction).ids,
    walkPools: (walk, position, size) => walkPools({ pools, orders: poolOrders, thresholds }, walk, position, size),
    walkTokens(walk, position, size) {
      const order = tokenOrders.get(walk.sortBy, walk.direction);
      const candidates = walk.among && Int32Array.from(walk.among, (id) => order.position[id]!).sort();
      const source = candidates ? { order, candidates, accept: everything } : { order, accept: everything };
      return walkOrder(source, position, size, tokenId);
    },
    walkTokenList(ids, position, size) {
      const order = { ids: Int32Array.from(ids), position: new Int32Array(tokens.count + 1).fill(-1) };
      order.ids.forEach((id, i) => (order.position[id] = i));
      return walkOrder({ order, accept: everything }, position, size, tokenId);
    },
    poolPage: (ids, periods, origin, cursors, extra) =>
      bodies.page(ids, periodsOf(periods), servedTokens.at(origin), cursors, extra),
    tokenPage(ids, origin, cursors) {
      const at = servedTokens.at(origin);
      return listBody(
        ids.map((id) => at.json(id)),
        cursors,
        wire,
      );
    },
    poolDetail: (id, periods, origin, extra) => bodies.detail(id, periodsOf(periods), servedTokens.at(origin), extra),
    poolHistory: (id) => JSON.parse(history.get(id) as string) as string[],
    tokenCategories: (id) => tokens.categories[id] ?? [],
    token: (id, origin) => objectBody(servedTokens.at(origin).json(id), wire),
    protocol: () => protocolBody,
    exchangeToken: (origin) =>
      live ? Buffer.from(servedTokens.at(origin).exchangeToken) : objectBody(servedTokens.at(origin).exchangeToken),
    circulatingSupply: () => circulatingBody,
    totalSupply: () => totalBody,
    locks: (id) => bodies.lockEntries(id),
    prepare: (origin) => void servedTokens.at(origin),
    records: storedRecords,
    moved: async (version, pace) => (await market()).version(snapshot, version, pace),
    prepareMoves: async (pace) => (await market()).prepare(pace),
    close: () => db.close(),
  };
  return snapshot;
}
