import type Database from 'better-sqlite3';
import { isAssetCategory } from '../../market/asset-categories.js';
import { Dec } from '../../math/decimal.js';
import { epochAt } from '../../math/instants.js';
import { isNullableAddress, isObject, micros, parsed, WHOLE } from './live-values.js';
import type { LiveContext } from './verify-live-pool.js';
import type { Violations } from './violations.js';

interface TokenLiveRow {
  id: number;
  address: string;
  decimals: number;
  tags: string;
  mint_authority: string | null;
  freeze_authority: string | null;
  supply: string;
  is_initialized: number;
  extensions: string;
  updated_epoch: number;
  updated_at: string;
  risk: number;
  categories: string;
}

/** Its categories: asset categories (asset-categories.ts), comma-separated, each once; none is ''. */
function verifyCategories(t: TokenLiveRow, v: Violations, subject: string): void {
  const named = t.categories === '' ? [] : t.categories.split(',');
  const wrong = named.filter((c) => !isAssetCategory(c));
  if (wrong.length > 0) v.add(subject, `categories ${t.categories} name ${wrong.join(', ')}, not asset categories`);
  if (new Set(named).size !== named.length) v.add(subject, `categories ${t.categories} name one twice`);
}

/** Microseconds to the epoch they fall in. */
const epochOf = (at: bigint): number => epochAt(Number(at / 1000n));

/** The mint account's fields: authorities, supply, the initialised flag and the extensions object. */
function verifyMint(t: TokenLiveRow, c: LiveContext, v: Violations, subject: string): void {
  for (const [field, value] of [
    ['mintAuthority', t.mint_authority],
    ['freezeAuthority', t.freeze_authority],
  ] as const) {
    if (!isNullableAddress(value)) v.add(subject, `${field} ${value} is not an address`);
  }
  if (!WHOLE.test(t.supply)) v.add(subject, `supply ${t.supply} is not a non-negative integer string`);
  if (t.is_initialized !== 0 && t.is_initialized !== 1) v.add(subject, `isInitialized is ${t.is_initialized}`);
  const extensions = parsed(t.extensions);
  if (!isObject(extensions)) v.add(subject, `extensions ${t.extensions.slice(0, 60)} is not a JSON object`);
  else if (c.generated)
    v.expectEqual(subject, 'extensions (keys as the tags)', Object.keys(extensions).join(','), t.tags);
}

/** When the mint was read: an instant with microseconds at or before asOf, and its epoch. */
function verifyRead(t: TokenLiveRow, c: LiveContext, v: Violations, subject: string): void {
  const at = micros(t.updated_at, false);
  if (at === null) v.add(subject, `updatedAt ${t.updated_at} is not an ISO 8601 instant`);
  else if (at > c.asOf) v.add(subject, 'updatedAt is after asOf');
  if (!Number.isSafeInteger(t.updated_epoch) || t.updated_epoch < 0)
    v.add(subject, `updatedEpoch ${t.updated_epoch} is not a non-negative integer`);
  else if (t.updated_epoch > epochOf(c.asOf))
    v.add(subject, `updatedEpoch ${t.updated_epoch} is after asOf's epoch ${epochOf(c.asOf)}`);
  if (c.generated && at !== null) v.expectEqual(subject, 'updatedEpoch (of updatedAt)', t.updated_epoch, epochOf(at));
  if (!Number.isSafeInteger(t.risk) || (c.generated && (t.risk < 1 || t.risk > 5)))
    v.add(subject, `risk ${t.risk} is not ${c.generated ? 'an integer 1–5' : 'an integer'}`);
}

/**
 * The rules of tokens' live dialect fields (docs/snapshot-format.md §4.1), token by token; in a generated
 * snapshot the exchange token's mint supply is also its total supply in base units.
 */
export function verifyLiveTokens(db: Database.Database, c: LiveContext, v: Violations): void {
  const columns = 'id, address, decimals, tags, mint_authority, freeze_authority, supply, is_initialized, extensions';
  const rows = db.prepare(`SELECT ${columns}, updated_epoch, updated_at, risk, categories FROM tokens ORDER BY id`);
  for (const t of rows.iterate() as IterableIterator<TokenLiveRow>) {
    verifyCategories(t, v, `token ${t.address}`);
    verifyMint(t, c, v, `token ${t.address}`);
    verifyRead(t, c, v, `token ${t.address}`);
  }
  if (!c.generated) return;
  const x = db
    .prepare('SELECT e.total_supply, t.supply, t.decimals FROM exchange_token e JOIN tokens t ON t.id = e.token_id')
    .get() as { total_supply: string; supply: string; decimals: number } | undefined;
  if (!x || !WHOLE.test(x.supply)) return;
  const expected = new Dec(x.total_supply).mul(new Dec(10).pow(x.decimals)).floor().toFixed();
  v.expectEqual('exchange token', 'mint supply (total supply in base units)', x.supply, expected);
}
