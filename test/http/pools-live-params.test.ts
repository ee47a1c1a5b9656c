import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectedPools, poolMatches, type Model, type PoolRow } from '../helpers/expected.js';
import { assertError } from '../helpers/api-errors.js';
import { addresses, call, okPage, walkNext } from '../helpers/http.js';
import { configOf } from '../helpers/dialect.js';
import { serve } from '../helpers/server.js';

// The live API's newer pool parameters (docs/api.md §3.5): whirlpoolConfigs filters, isWavebreak is
// another name of isLaunchPool, the spec dialect ignores pairInsightsWindow (see categories and pair-insights tests).

const UNKNOWN = '11111111111111111111111111111111';
const rowConfig = (p: PoolRow): string => p.row.pools_config as string;

/** The snapshot's configs from its pools rows, the one held by the fewest pools first. */
function configs(m: Model): string[] {
  const counts = new Map<string, number>();
  for (const p of m.pools) counts.set(rowConfig(p), (counts.get(rowConfig(p)) ?? 0) + 1);
  return [...counts].sort((a, b) => a[1] - b[1]).map(([config]) => config);
}

const configsSuite = suite('HTTP /pools whirlpoolConfigs: only pools of the named configs (their config field)');
const served = serve(configsSuite);

configsSuite('the snapshot has two configs, each held by listed pools', () => {
  const [rare, common] = configs(served.model);
  assert.is(configs(served.model).length, 2);
  for (const config of [rare!, common!])
    assert.ok(expectedPools(served.model, { where: (p) => rowConfig(p) === config }).length > 10, config);
});

/** Query, and which configs (by configs() index) the listing keeps; the sort is the default unless given. */
const CASES: [string, (m: Model) => string, (m: Model) => string[], string?][] = [
  ['the rarer config', (m) => configs(m)[0]!, (m) => [configs(m)[0]!]],
  ['the common config, sorted by tvl', (m) => `${configs(m)[1]!}&sortBy=tvl`, (m) => [configs(m)[1]!], 'tvl'],
  ['both, spaced, one repeated', (m) => encodeURIComponent(` ${configs(m).join(' , ')},${configs(m)[0]}`), configs],
  ['an unknown config: none', () => UNKNOWN, () => []],
  ['an unknown and the rarer one', (m) => `${UNKNOWN},${configs(m)[0]}`, (m) => [configs(m)[0]!]],
];

for (const [name, query, kept, key = 'volume 24h'] of CASES) {
  configsSuite(`${name}: exactly the pools of those configs`, async () => {
    const m = served.model;
    const body = await okPage(`${served.url}/pools?whirlpoolConfigs=${query(m)}&size=1000`);
    const expected = expectedPools(m, { key, where: (p) => kept(m).includes(rowConfig(p)) });
    assert.equal(addresses(body), expected);
    for (const item of body.data) assert.ok(kept(m).includes(configOf(item)), `config of ${item.address}`);
  });
}

configsSuite('an empty value (or only spaces) means every config', async () => {
  const all = await call(`${served.url}/pools?size=1000`);
  for (const value of ['', '%20%20'])
    assert.is((await call(`${served.url}/pools?whirlpoolConfigs=${value}&size=1000`)).text, all.text, value);
  assert.equal(addresses(all.body), expectedPools(served.model, { key: 'volume 24h' }));
});

configsSuite('with other filters and on /pools/search, as an AND', async () => {
  const m = served.model;
  const [rare] = configs(m);
  const withRewards = await okPage(`${served.url}/pools?whirlpoolConfigs=${rare}&hasRewards=true&size=1000`);
  assert.equal(
    addresses(withRewards),
    expectedPools(m, { key: 'volume 24h', where: (p) => rowConfig(p) === rare && p.activeRewards }),
  );
  const search = await okPage(`${served.url}/pools/search?q=usd&whirlpoolConfigs=${rare}&size=1000`);
  const matches = poolMatches(m, 'usd');
  const expected = expectedPools(m, { where: (p) => rowConfig(p) === rare && matches(p) });
  assert.ok(expected.length > 0);
  assert.equal(addresses(search), expected);
});

configsSuite('walking next carries the filter: every pool of the config once', async () => {
  const [rare] = configs(served.model);
  const pages = await walkNext(`${served.url}/pools`, `whirlpoolConfigs=${rare}&size=7`);
  assert.equal(
    pages.flatMap(addresses),
    expectedPools(served.model, { key: 'volume 24h', where: (p) => rowConfig(p) === rare }),
  );
});

configsSuite('a malformed item is a 400 naming whirlpoolConfigs, as in every address list', async () => {
  const [rare] = configs(served.model);
  const CODES: [string, string][] = [
    ['bad', 'invalid_address'],
    [`${rare},bad`, 'invalid_address'],
    [`${rare}0`, 'invalid_address'],
    [`${rare},`, 'invalid_parameter'],
    [Array.from({ length: 101 }, () => rare).join(','), 'invalid_parameter'],
  ];
  for (const [value, code] of CODES)
    assertError(await call(`${served.url}/pools?whirlpoolConfigs=${value}`), 400, code, 'whirlpoolConfigs');
  assertError(
    await call(`${served.url}/pools/search?q=usd&whirlpoolConfigs=bad`),
    400,
    'invalid_address',
    'whirlpoolConfigs',
  );
});

configsSuite.run();

const wavebreak = suite('HTTP /pools isWavebreak: the live name of isLaunchPool, the same filter');
const wave = serve(wavebreak);

wavebreak('isWavebreak=true answers exactly what isLaunchPool=true answers, cursors included', async () => {
  const launch = await call(`${wave.url}/pools?isLaunchPool=true&size=5`);
  const expected = expectedPools(wave.model, { key: 'volume 24h', where: (p) => p.launch });
  assert.ok(expected.length > 5, `${expected.length} launch pools`);
  assert.equal(addresses(launch.body), expected.slice(0, 5));
  for (const query of ['isWavebreak=true', 'isWavebreak=TRUE&isLaunchPool=true', 'isLaunchPool=true&isWavebreak=true'])
    assert.is((await call(`${wave.url}/pools?${query}&size=5`)).text, launch.text, query);
  const pages = await walkNext(`${wave.url}/pools`, 'isWavebreak=true&size=5');
  assert.equal(pages.flatMap(addresses), expected);
});

wavebreak('isWavebreak=false does not filter, alone or beside isLaunchPool=false', async () => {
  const all = await call(`${wave.url}/pools`);
  for (const query of ['isWavebreak=false', 'isWavebreak=false&isLaunchPool=FALSE'])
    assert.is((await call(`${wave.url}/pools?${query}`)).text, all.text, query);
});

wavebreak('isWavebreak and isLaunchPool with different values: 400 invalid_parameter naming both', async () => {
  for (const query of ['isWavebreak=true&isLaunchPool=false', 'isLaunchPool=true&isWavebreak=false']) {
    const reply = await call(`${wave.url}/pools?${query}`);
    assertError(reply, 400, 'invalid_parameter', 'isLaunchPool');
    assert.match(reply.body.inner, /isWavebreak/);
    assert.match(reply.body.inner, /isLaunchPool/);
  }
});

wavebreak('a value that is not a boolean is a 400 naming isWavebreak; a repeat is a 400', async () => {
  assertError(await call(`${wave.url}/pools?isWavebreak=1`), 400, 'invalid_parameter', 'isWavebreak');
  assertError(
    await call(`${wave.url}/pools?isWavebreak=true&isWavebreak=true`),
    400,
    'invalid_parameter',
    'isWavebreak',
  );
});

wavebreak.run();

const ignored = suite('HTTP /pools pairInsightsWindow in the spec dialect: bodies as without it, a bad value a 400');
const quiet = serve(ignored, { wire: 'spec' });

ignored('pairInsightsWindow=7d answers the same as without it', async () => {
  for (const query of ['', 'sortBy=tvl&stats=24h&size=20', 'hasRewards=true']) {
    const without = await fetch(`${quiet.url}/pools?${query}`).then((r) => r.text());
    for (const extra of ['pairInsightsWindow=7d', 'pairInsightsWindow=', 'pairInsightsWindow=30D,,7d']) {
      const reply = await fetch(`${quiet.url}/pools?${query}&${extra}`);
      assert.is(reply.status, 200, `${query}&${extra}`);
      assert.is(await reply.text(), without, `${query}&${extra}`);
    }
  }
  const bad = await fetch(`${quiet.url}/pools?pairInsightsWindow=1y`);
  assert.is(bad.status, 400);
  assert.match(await bad.text(), "pairInsightsWindow must be comma-separated windows from 7d, 30d, got '1y'");
});

ignored.run();
