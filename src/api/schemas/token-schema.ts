import { Type } from '@sinclair/typebox';
import { AddressString, Nullable, StringEnum } from './strings.js';

/** The two token programs a mint can belong to (docs/api.md §5.1). */
export const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const;

const SUMMARY_PROPERTIES = {
  address: AddressString('Token mint address'),
  symbol: Nullable(Type.String(), 'Null when metadata is unavailable'),
  name: Nullable(Type.String(), 'Full token name; null when metadata is unavailable'),
  decimals: Type.Integer({ minimum: 0, maximum: 255, description: 'Number of decimal places' }),
  imageUrl: Nullable(Type.String({ format: 'uri' }), 'URL of the logo; null when metadata is unavailable'),
};

/**
 * A token as embedded in a pool (`tokenA`, `tokenB`; docs/api.md §5.1). Property order is the served order.
 * @example Object.keys(TokenSummarySchema.properties) // ['address', 'symbol', 'name', 'decimals', 'imageUrl']
 */
export const TokenSummarySchema = Type.Object(SUMMARY_PROPERTIES, {
  additionalProperties: false,
  description: 'A token as embedded in a pool',
});

/**
 * A token (docs/api.md §5.1). Property order is the served order.
 * @example Object.keys(TokenSchema.properties).at(-1) // 'tags'
 */
export const TokenSchema = Type.Object(
  {
    ...SUMMARY_PROPERTIES,
    programId: StringEnum(TOKEN_PROGRAMS, 'The token program that owns the mint: classic or Token-2022'),
    tags: Type.String({ description: 'Comma-separated Token-2022 extension tags; "" for classic mints' }),
  },
  { additionalProperties: false, description: 'A token (docs/api.md §5.1)' },
);

/** Token fields in served order. */
export const TOKEN_FIELDS: readonly string[] = Object.keys(TokenSchema.properties);
/** Fields of the token summary embedded in pools, in served order. */
export const TOKEN_SUMMARY_FIELDS: readonly string[] = Object.keys(TokenSummarySchema.properties);
