import { exchangeTokenJson, protocolJson } from '../../format/pool-pieces.js';
import { addressOrder, orderByValue } from '../../format/order-by-value.js';
import {
  upstreamExchangeTokenJson,
  upstreamProtocolJson,
  upstreamTokenJson,
} from '../../format/upstream-token-json.js';
import { LOGO_ORIGIN_PLACEHOLDER } from '../../format/logo-url.js';
import { listBody, objectBody } from '../pool-bodies.js';
import type { ServedParts } from '../served-parts.js';
import type { ServedSnapshot } from '../served-snapshot.js';
import { type Direction, type SortOrder, walkOrder } from '../listing-walks.js';
import type { MarketVersion } from './market-version.js';
import { positioned } from './sort-values.js';

const everything = (): boolean => true;
/** The token sort a moving market changes: tokens by 24h volume, which sums their pools'. */
const MOVED_KEY = 'volume_24h';

/** What a version answers of its tokens and the protocol. */
export type TokenBodies = Pick<
  ServedSnapshot,
  'tokensInOrder' | 'walkTokens' | 'tokenPage' | 'token' | 'protocol' | 'exchangeToken'
>;

/**
 * The token, protocol and exchange-token bodies of `version`: its tokens by 24h volume sorted the first time
 * asked for (exact values, ties by address, as a snapshot's), a repriced token's live-dialect text from its
 * record (the spec's token bodies carry no price or volume: the snapshot's own), and the protocol's and the
 * exchange token's figures. `volumes` are the tokens' stored 24h volumes, by id.
 */
export function movedTokenBodies(
  parts: ServedParts,
  base: ServedSnapshot,
  version: MarketVersion,
  volumes: readonly string[],
): TokenBodies {
  const { wire, servedTokens, tokens } = parts;
  const live = wire === 'upstream';
  let byVolume: Record<Direction, SortOrder> | undefined;
  const orderOf = (key: string, direction: Direction): SortOrder => {
    if (key !== MOVED_KEY) return parts.tokenOrders.get(key, direction);
    byVolume ??= volumeOrders(
      tokens.count,
      tokens.addresses,
      (id) => version.tokens.get(id)?.volume24h ?? volumes[id]!,
    );
    return byVolume[direction];
  };
  const atOrigin = (text: string, origin: string): string => text.replaceAll(LOGO_ORIGIN_PLACEHOLDER, origin);
  const tokenJson = (id: number, origin: string): string => {
    const moved = live ? version.tokens.get(id) : undefined;
    return moved ? atOrigin(upstreamTokenJson(moved.token, moved.volume24h), origin) : servedTokens.at(origin).json(id);
  };
  const protocolBody = live
    ? Buffer.from(upstreamProtocolJson(version.protocol))
    : objectBody(protocolJson(version.protocol));
  const exchangeText = (live ? upstreamExchangeTokenJson : exchangeTokenJson)(version.exchangeToken);
  return {
    tokensInOrder: (sortBy, direction) => orderOf(sortBy, direction).ids,
    walkTokens(walk, position, size) {
      const order = orderOf(walk.sortBy, walk.direction);
      const candidates = walk.among && Int32Array.from(walk.among, (id) => order.position[id]!).sort();
      const source = candidates ? { order, candidates, accept: everything } : { order, accept: everything };
      return walkOrder(source, position, size, base.tokenId);
    },
    tokenPage: (ids, origin, cursors) =>
      listBody(
        ids.map((id) => tokenJson(id, origin)),
        cursors,
        wire,
      ),
    token: (id, origin) => objectBody(tokenJson(id, origin), wire),
    protocol: () => protocolBody,
    exchangeToken: (origin) =>
      live ? Buffer.from(atOrigin(exchangeText, origin)) : objectBody(atOrigin(exchangeText, origin)),
  };
}

/** Tokens 1..count by 24h volume, both directions. */
function volumeOrders(
  count: number,
  addresses: readonly string[],
  volume: (id: number) => string,
): Record<Direction, SortOrder> {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const { asc, desc } = orderByValue(ids, ids.map(volume), addressOrder(ids.map((id) => addresses[id]!)));
  return { asc: positioned(asc, count), desc: positioned(desc, count) };
}
