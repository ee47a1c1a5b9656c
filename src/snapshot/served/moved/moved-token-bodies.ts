import { exchangeTokenJson, protocolJson } from '../../format/pool-pieces.js';
import {
  upstreamExchangeTokenJson,
  upstreamProtocolJson,
  upstreamTokenJson,
} from '../../format/upstream-token-json.js';
import { LOGO_ORIGIN_PLACEHOLDER } from '../../pieces/logo-url.js';
import { listBody, objectBody } from '../response-bodies.js';
import type { ServedSnapshot } from '../served-snapshot.js';
import type { OriginTokens } from '../served-tokens.js';
import { walkOrder } from '../walk-order.js';
import type { MarketVersion } from './market-version.js';
import type { MovedShared } from './moved-shared.js';
import { MovedTokenOrders } from './moved-token-orders.js';

const everything = (): boolean => true;

/** What a version answers of its tokens and the protocol. */
export type TokenBodies = Pick<
  ServedSnapshot,
  'tokensInOrder' | 'walkTokens' | 'tokenPage' | 'token' | 'protocol' | 'exchangeToken'
>;

/**
 * The token, protocol and exchange-token bodies of `version`: its tokens' orders by 24h volume
 * (moved-token-orders.ts), a repriced token's live-dialect text from its record (the spec's token bodies
 * carry no price or volume: the snapshot's own), and the protocol's and the exchange token's figures.
 */
export function movedTokenBodies(moving: MovedShared, base: ServedSnapshot, version: MarketVersion): TokenBodies {
  const { wire, servedTokens } = moving.parts;
  const live = wire === 'upstream';
  const tokenOrders = new MovedTokenOrders(moving, version);
  const atOrigin = (text: string, origin: string): Buffer =>
    Buffer.from(text.replaceAll(LOGO_ORIGIN_PLACEHOLDER, origin));
  const tokenJson = (id: number, origin: string, at: OriginTokens): readonly Uint8Array[] => {
    const moved = live ? version.tokens.get(id) : undefined;
    return moved ? [atOrigin(upstreamTokenJson(moved.token, moved.volume24h), origin)] : at.json(id);
  };
  const protocolBody = live
    ? Buffer.from(upstreamProtocolJson(version.protocol))
    : objectBody(protocolJson(version.protocol));
  const exchangeText = (live ? upstreamExchangeTokenJson : exchangeTokenJson)(version.exchangeToken);
  return {
    tokensInOrder: (sortBy, direction) => tokenOrders.get(sortBy, direction).ids,
    walkTokens(walk, position, size) {
      const order = tokenOrders.get(walk.sortBy, walk.direction);
      const candidates = walk.among && Int32Array.from(walk.among, (id) => order.position[id]!).sort();
      const source = candidates ? { order, candidates, accept: everything } : { order, accept: everything };
      return walkOrder(source, position, size, base.tokenId);
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
  };
}
