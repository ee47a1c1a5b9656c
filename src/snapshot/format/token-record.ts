import type { AssetCategory } from '../../market/asset-categories.js';

/**
 * The token rows a snapshot stores, and the protocol's: as the generator makes them and the recorder reads
 * them from a live API, every served figure already a decimal string (docs/api.md §5.7 to §5.9). Beside
 * the pools' (pool-record.ts); write/token-row.ts lays a token out as its row, upstream-token-json.ts as the
 * live dialect's JSON.
 */

/** A token: `id` is its mint order (the `mint_id` sort); `imageUrl` holds the placeholder origin (logo-url.ts). */
export interface TokenRecord {
  id: number;
  address: string;
  symbol: string | null;
  name: string | null;
  decimals: number;
  imageUrl: string | null;
  programId: string;
  tags: string;
  usdPrice: string;
  verified: boolean;
  /** The live API's asset categories of the token, which `categories` filters by (none for some tokens). */
  categories: readonly AssetCategory[];
  /** What only the live API's dialect serves of a token (docs/api.md §9). */
  live: LiveTokenFields;
}

/**
 * A token's fields that only the live dialect serves (docs/api.md §9): its mint account and the
 * metadata the live API adds. Generated domain-true, or kept from a recorded source.
 */
export interface LiveTokenFields {
  mintAuthority: string | null;
  freezeAuthority: string | null;
  /** The mint's supply in base units, a decimal-string integer (served as a JSON number). */
  supply: string;
  isInitialized: boolean;
  /** The mint's extensions as a JSON object's text (`{}` for a classic mint). */
  extensions: string;
  /** The epoch and instant (ISO 8601 with microseconds, at or before `asOf`) the mint was last read. */
  updatedEpoch: number;
  updatedAt: string;
  coingeckoId: string | null;
  /** A description of the token, when its metadata has one. */
  description: string | null;
  /** The live API's risk grade of the token, a small integer. */
  risk: number;
}

/** `/protocol` as served (docs/api.md §5.8): sums over the pools that are listed. */
export interface ProtocolRecord {
  tvl: string;
  volume24hUsdc: string;
  fees24hUsdc: string;
  revenue24hUsdc: string;
}

/** `/protocol/token` as served (docs/api.md §5.9), and which token it is. */
export interface ExchangeTokenRecord {
  tokenId: number;
  symbol: string | null;
  name: string | null;
  description: string;
  imageUrl: string | null;
  price: string;
  circulatingSupply: string;
  totalSupply: string;
  volume24h: string;
}
