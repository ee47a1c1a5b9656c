import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { at, capture } from '../helpers/captures.js';
import { shapeViolations } from '../helpers/wire-shape.js';

/**
 * fixtures/upstream-shape.json states the live wire format in this project's words; here it is held to
 * the bodies captured from the live API: every captured object has exactly the key order and JSON types
 * the fixture gives its kind (keys marked `since` may be missing from the older captures).
 */
const captures = suite('fixtures/upstream-shape.json agrees with every body captured from the live API');

const CASES: [file: string, path: (string | number)[], kind: string][] = [
  ['pool-CeaZ.json', [], 'objectEnvelope'],
  ['pool-CeaZ.json', ['data'], 'poolDetail'],
  ['pool-Hp53-data.json', [], 'poolListItem'],
  ['token-SOL.json', [], 'objectEnvelope'],
  ['token-SOL.json', ['data'], 'token'],
  ['token-cbBTC.json', ['data'], 'token'],
  ['doc-protocol.json', [], 'protocol'],
  ['doc-protocol-token.json', [], 'exchangeToken'],
  ['doc-circulating-supply.json', [], 'circulatingSupply'],
  ['doc-total-supply.json', [], 'totalSupply'],
];

captures("each captured object has its kind's keys, order and types", () => {
  for (const [file, path, kind] of CASES) assert.equal(shapeViolations(kind, at(capture(file), path), 'capture'), []);
});

captures('each of the 50 pools of the captured default listing is a list item, nested objects too', () => {
  const pools = capture('pools-list-data.json') as unknown[];
  assert.is(pools.length, 50);
  for (const pool of pools) assert.equal(shapeViolations('poolListItem', pool, 'capture'), []);
  // Nested kinds the listing exercises: an adaptive fee, lock entries with both spellings, rewards.
  const all = JSON.stringify(pools);
  for (const key of ['"constants":', '"locked_percentage":', '"emissions_per_second_x64":'])
    assert.ok(all.includes(key));
});

captures('the mock sends the deltas the newest capture has; the older ones predate them', () => {
  const newest = at(capture('pool-CeaZ.json'), ['data', 'stats', '24h']);
  assert.equal(shapeViolations('statsEntry', newest, 'mock'), []);
  const older = at(capture('pool-Hp53-data.json'), ['stats', '24h']);
  assert.ok(shapeViolations('statsEntry', older, 'mock').length > 0, 'the 2025 capture has no deltas');
});

captures('the lock endpoint: the documented example predates the snake_case twin the live pools carry', () => {
  // The example is the published document's (keys sorted, one spelling); the live pools' lock entries
  // carry both spellings in this order, and the mock's lock endpoint sends what the live pools do.
  const example = capture('doc-lock.json') as Record<string, unknown>[];
  assert.equal(Object.keys(example[0]!).sort(), ['lockedPercentage', 'name']);
  const live = (capture('pools-list-data.json') as { lockedLiquidityPercent: unknown[] }[]).flatMap(
    (pool) => pool.lockedLiquidityPercent,
  );
  assert.ok(live.length > 0);
  for (const entry of live) assert.equal(shapeViolations('lockEntry', entry, 'capture'), []);
});

captures.run();
