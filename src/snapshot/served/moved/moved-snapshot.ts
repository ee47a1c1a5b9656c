import type { Period } from '../../../math/periods.js';
import { LOGO_ORIGIN_PLACEHOLDER } from '../../pieces/logo-url.js';
import { exchangeTokenJson, protocolJson } from '../../format/pool-pieces.js';
import { walkPools } from '../pool-walk.js';
import { listBody, listEnvelope, objectBody, objectEnvelope, type Cursors } from '../response-bodies.js';
import type { ServedSnapshot } from '../served-snapshot.js';
import type { OriginTokens } from '../served-tokens.js';
import { upstreamLockEntries } from '../../format/upstream-pool-pieces.js';
import {
  upstreamExchangeTokenJson,
  upstreamProtocolJson,
  upstreamTokenJson,
} from '../../format/upstream-token-json.js';
import { walkOrder } from '../walk-order.js';
import type { MarketVersion } from './market-version.js';
import { movedItem, type MovedPieces } from './moved-items.js';
import type { MovedOrders } from './moved-orders.js';
import { MovedThresholds } from './moved-thresholds.js';
import { MovedTokenOrders } from './moved-token-orders.js';
import type { MovedMembers } from './moved-members.js';
import type { MovedShared } from './moved-shared.js';
import type { SortColumns } from './sort-columns.js';

const COMMA = Buffer.from(',');
const everything = (): boolean => true;

/**
 * A version of a snapshot's market (market-version.ts) as a ServedSnapshot: what did not change is
 * answered by the snapshot's own readers, by the same fast paths; a changed pool's item is joined from
 * its record's pieces (moved-items.ts), rendered the first time a request needs them; listings walk this
 * version's orders (moved-orders.ts) and flags; tokens, protocol figures and locks follow the records.
 */
export function movedSnapshot(
  moving: MovedShared,
  base: ServedSnapshot,
  version: MarketVersion,
  columns: SortColumns,
  members: MovedMembers,
  orders: MovedOrders,
): ServedSnapshot {
  const { format, wire, servedTokens, pieces, periodsOf } = moving.parts;
  const live = wire === 'upstream';
  const thresholds = new MovedThresholds(columns);
  const walked = { pools: { ...members.index, flags: columns.flags }, orders, thresholds };
  const tokenOrders = new MovedTokenOrders(moving, version);
  const lockTexts = new Map<number, string>();
  const render = moving.renderer();
  const piecesOf = (id: number): MovedPieces => render(version.pools.get(id)!);
  const atOrigin = (text: string, origin: string): Buffer =>
    Buffer.from(text.replaceAll(LOGO_ORIGIN_PLACEHOLDER, origin));
  const tokenJson = (id: number, origin: string, at: OriginTokens): readonly Uint8Array[] => {
    const moved = live ? version.tokens.get(id) : undefined;
    return moved ? [atOrigin(upstreamTokenJson(moved.token, moved.volume24h), origin)] : at.json(id);
  };
  const item = (id: number, periods: readonly Period[], at: OriginTokens, detail: boolean): Buffer => {
    const [a, b] = members.poolTokens(id);
    return movedItem(
      piecesOf(id),
      format,
      { summaryA: at.summary(a), summaryB: at.summary(b) },
      periods,
      detail ? format.detailEnd : format.itemEnd,
    );
  };
  const items = (ids: readonly number[], periods: readonly Period[], at: OriginTokens): Uint8Array[] => {
    const chunks: Uint8Array[] = [];
    let run: number[] = [];
    const flush = (): void => {
      if (run.length > 0) chunks.push(pieces.poolItems(run, periods, at), COMMA);
      run = [];
    };
    for (const id of ids) {
      if (!version.pools.has(id)) run.push(id);
      else (flush(), chunks.push(item(id, periods, at, false), COMMA));
    }
    flush();
    return chunks.slice(0, -1);
  };
  const protocolBody = live
    ? Buffer.from(upstreamProtocolJson(version.protocol))
    : objectBody(protocolJson(version.protocol));
  const exchangeText = (live ? upstreamExchangeTokenJson : exchangeTokenJson)(version.exchangeToken);
  const snapshot: ServedSnapshot = {
    ...base,
    poolCount: members.listed.maxId,
    poolId: members.poolId,
    poolAddress: members.poolAddress,
    poolTokens: members.poolTokens,
    poolsOfToken: members.poolsOfToken,
    tokensInOrder: (sortBy, direction) => tokenOrders.get(sortBy, direction).ids,
    walkPools: (walk, position, size) => walkPools(walked, walk, position, size),
    walkTokens(walk, position, size) {
      const order = tokenOrders.get(walk.sortBy, walk.direction);
      const candidates = walk.among && Int32Array.from(walk.among, (id) => order.position[id]!).sort();
      const source = candidates ? { order, candidates, accept: everything } : { order, accept: everything };
      return walkOrder(source, position, size, base.tokenId);
    },
    poolPage(ids, periods, origin, cursors: Cursors) {
      if (!ids.some((id) => version.pools.has(id))) return base.poolPage(ids, periods, origin, cursors);
      const { open, close } = listEnvelope(cursors, wire);
      return Buffer.concat([open, ...items(ids, periodsOf(periods), servedTokens.at(origin)), close]);
    },
    poolDetail(id, periods, origin) {
      if (!version.pools.has(id)) return base.poolDetail(id, periods, origin);
      const { open, close } = objectEnvelope(wire);
      return Buffer.concat([open, item(id, periodsOf(periods), servedTokens.at(origin), true), close]);
    },
    tokenPage(ids, origin, cursors) {
      const at = servedTokens.at(origin);
      return listBody(
        ids.map((id) => tokenJson(id, origin, at)),
        cursors,
        wire,
      );
    },
    token: (id, origin) => objectBody(tokenJson(id, origin, servedTokens.at(origin)), wire),
    protocol: () => protocolBody,
    exchangeToken: (origin) => (live ? atOrigin(exchangeText, origin) : objectBody(atOrigin(exchangeText, origin))),
    locks(id) {
      const moved = version.pools.get(id);
      if (!moved) return base.locks(id);
      let text = lockTexts.get(id);
      if (text === undefined) {
        const { locks } = moved.record();
        lockTexts.set(id, (text = live ? upstreamLockEntries(locks) : JSON.stringify(locks)));
      }
      return text;
    },
    moved: (next, pace) => moving.version(base, next, { columns, orders, members, memberCount: version.members }, pace),
  };
  return snapshot;
}
