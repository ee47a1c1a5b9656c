import * as assert from 'uvu/assert';
import type { Json } from './http.js';
import {
  assertDetailFields,
  assertPlainNumbers,
  assertPoolItem,
  assertToken,
  DETAIL_KEYS,
  EXCHANGE_KEYS,
  listPart,
  PROTOCOL_KEYS,
} from './shapes.js';
import { UPSTREAM } from './test-wire.js';
import { shapeViolations } from './wire-shape.js';

/**
 * Shape assertions in the test dialect (test-wire.ts): the spec dialect's key lists of docs/api.md §5
 * (shapes.ts), or the live wire format of fixtures/upstream-shape.json (docs/api.md §9).
 */

/** Asserts that `value` has the fixture's `kind` shape exactly. */
export function assertLiveShape(kind: string, value: Json, context = kind): void {
  const problems = shapeViolations(kind, value);
  assert.ok(problems.length === 0, `${context}:\n  ${problems.join('\n  ')}`);
}

/** A `/tokens` object: its keys in order and their types. */
export function assertTokenShape(token: Json): void {
  if (UPSTREAM) assertLiveShape('token', token, token.address);
  else assertToken(token);
}

/** A pool list item, or a detail, in order and with its types; its stats hold exactly `periods`. */
export function assertPoolShape(pool: Json, periods: readonly string[], detail = false): void {
  if (UPSTREAM) {
    assertLiveShape(detail ? 'poolDetail' : 'poolListItem', pool, pool.address);
    assert.equal(Object.keys(pool.stats).sort(), [...periods].sort(), `stats keys of ${pool.address}`);
  } else {
    if (detail) assert.equal(Object.keys(pool), DETAIL_KEYS, `detail keys of ${pool.address}`);
    assertPoolItem(detail ? listPart(pool) : pool, [...periods]);
  }
  assertPlainNumbers(pool);
  if (detail) assertDetailFields(pool);
}

/** What of a detail is its list item: all but the detail's own fields (docs/api.md §5.3, §9.2). */
export function itemPart(detail: Json): Json {
  if (!UPSTREAM) return listPart(detail);
  return Object.fromEntries(
    Object.entries(detail).filter(([k]) => k !== 'addressLookupTable' && k !== 'priceHistory7d'),
  );
}

/** `/protocol` and `/protocol/token` objects: their keys in order and types. */
export function assertProtocolShapes(protocol: Json, token: Json): void {
  if (UPSTREAM) {
    assertLiveShape('protocol', protocol);
    assertLiveShape('exchangeToken', token);
    return;
  }
  assert.equal(Object.keys(protocol), PROTOCOL_KEYS);
  for (const k of PROTOCOL_KEYS) assert.type(protocol[k], 'string');
  assert.equal(Object.keys(token), EXCHANGE_KEYS);
  for (const k of EXCHANGE_KEYS.slice(0, -1)) assert.type(token[k], 'string');
  assert.equal(Object.keys(token.stats), ['24h']);
  assert.equal(Object.keys(token.stats['24h']), ['volume']);
}
