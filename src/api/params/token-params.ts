import { invalidParameter, shown } from '../../errors/api-error.js';
import type { ListingSpec } from './listing-spec.js';
import { addressListParam, categoriesParam, DIRECTION_PARAM, searchParam } from './param-specs.js';
import { enumSchema } from './formats.js';

/** The normalized parameters of a token listing or search; these are what a cursor carries. */
export interface TokenParams {
  sort_by: 'address' | 'mint_id' | 'volume_24h';
  sort_direction: 'asc' | 'desc';
  tokens: string[] | null;
  q: string | null;
  /** Asset categories, one of which a listed token must have (docs/api.md §9.7). */
  categories: string[] | null;
}

/** The token orders (docs/api.md §3.8); `mint_id` is creation order. */
export const TOKEN_SORTS = ['address', 'mint_id', 'volume_24h'] as const;

const DEFAULTS: TokenParams = { sort_by: 'mint_id', sort_direction: 'asc', tokens: null, q: null, categories: null };

/** `GET /tokens`: docs/api.md §3.8; default order mint_id asc, size 50 (max 3000). */
export const TOKENS_SPEC: ListingSpec<TokenParams> = {
  endpoint: 'tokens',
  params: {
    sort_by: {
      parse: (name, raw) => {
        const value = raw.toLowerCase();
        if (!(TOKEN_SORTS as readonly string[]).includes(value))
          throw invalidParameter(name, `${name} must be one of ${TOKEN_SORTS.join(', ')}, got ${shown(raw)}`);
        return value;
      },
      schema: enumSchema(TOKEN_SORTS, 'Sort key'),
      description:
        'Order: `mint_id` (creation order), `address` or `volume_24h`. Case-insensitive; ties break by address.',
    },
    sort_direction: DIRECTION_PARAM,
    tokens: addressListParam('Only these tokens (mint addresses)'),
    categories: categoriesParam('tokens with at least one of these categories'),
  },
  defaults: DEFAULTS,
  defaultSize: 50,
  maxSize: 3000,
};

/** `GET /tokens/search`: docs/api.md §4.2; size 50 (max 3000). */
export const TOKEN_SEARCH_SPEC: ListingSpec<TokenParams> = {
  endpoint: 'tokens/search',
  params: {
    q: searchParam(
      'part of a token symbol, name or address, case-insensitive. ' +
        'Order: exact symbol, then symbol prefix, then other matches, each by 24h volume desc.',
    ),
  },
  defaults: DEFAULTS,
  defaultSize: 50,
  maxSize: 3000,
};
