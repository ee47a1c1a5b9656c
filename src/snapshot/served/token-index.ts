import type Database from 'better-sqlite3';

/**
 * Every token's address and searchable text, indexed by token
 * id (mint order, 1..count); served JSON is in ServedTokens.
 */
export interface TokenIndex {
  count: number;
  addresses: string[];
  /** Lowercased symbol and name, for case-insensitive partial matching. */
  symbolLower: string[];
  nameLower: string[];
  /** Symbols as served (original case), null without metadata: token logos draw their initials. */
  symbols: (string | null)[];
  /** Asset categories, each token's a list (none for some tokens). */
  categories: (readonly string[])[];
  idByAddress: Map<string, number>;
}

interface TokenRow {
  id: number;
  address: string;
  symbol: string | null;
  name: string | null;
  categories: string;
}

/** Reads the token index of an open snapshot (tokens are few: all of them stay in memory). */
export function loadTokenIndex(db: Database.Database): TokenIndex {
  const rows = db.prepare('SELECT id, address, symbol, name, categories FROM tokens ORDER BY id').all() as TokenRow[];
  const size = rows.length + 1;
  const index: TokenIndex = {
    count: rows.length,
    addresses: new Array<string>(size).fill(''),
    symbolLower: new Array<string>(size).fill(''),
    nameLower: new Array<string>(size).fill(''),
    symbols: new Array<string | null>(size).fill(null),
    categories: new Array<readonly string[]>(size).fill([]),
    idByAddress: new Map(),
  };
  for (const row of rows) {
    index.addresses[row.id] = row.address;
    index.symbolLower[row.id] = (row.symbol ?? '').toLowerCase();
    index.nameLower[row.id] = (row.name ?? '').toLowerCase();
    index.symbols[row.id] = row.symbol;
    if (row.categories !== '') index.categories[row.id] = row.categories.split(',');
    index.idByAddress.set(row.address, row.id);
  }
  return index;
}
