import { upstreamTokenJson, upstreamTokenSummaryJson } from '../upstream-token-json.js';
import { tokenJson, tokenSummaryJson } from '../pool-pieces.js';
import type { TokenRecord } from '../token-record.js';
import { bool, type Row, type TOKEN_COLUMNS } from './table-rows.js';

/**
 * A token's row: what it is, its served texts, and its live dialect's fields (LiveTokenFields), for
 * generate and record alike. `volume24h` is the token's 24h volume (a recording's, a rank).
 * @example tokenRow(token, '1250.5').supply // '5000000000000'
 */
export function tokenRow(t: TokenRecord, volume24h: string): Row<typeof TOKEN_COLUMNS> {
  const live = t.live;
  return {
    id: t.id,
    address: t.address,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    image_url: t.imageUrl,
    program_id: t.programId,
    tags: t.tags,
    usd_price: t.usdPrice,
    verified: bool(t.verified),
    categories: t.categories.join(','),
    volume_24h: volume24h,
    json: tokenJson(t),
    summary_json: tokenSummaryJson(t),
    mint_authority: live.mintAuthority,
    freeze_authority: live.freezeAuthority,
    supply: live.supply,
    is_initialized: bool(live.isInitialized),
    extensions: live.extensions,
    updated_epoch: live.updatedEpoch,
    updated_at: live.updatedAt,
    coingecko_id: live.coingeckoId,
    description: live.description,
    risk: live.risk,
    upstream_json: upstreamTokenJson(t, volume24h),
    upstream_summary_json: upstreamTokenSummaryJson(t),
  };
}
